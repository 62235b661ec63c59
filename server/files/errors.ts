import { ChainglassError } from '../../contract/errors.ts'

/**
 * Kubo's error codes (go-ipfs-cmds ErrorType): clients read `Code` to tell a bad request (1) from a
 * failed command (0). The HTTP status says the same thing to everything else.
 */
export const KuboErrorCode = { normal: 0, client: 1, forbidden: 4 } as const

export type KuboErrorBody = { Message: string; Code: number; Type: 'error' }

/** An error that is meant for the client: its message is safe to show and its status is chosen. */
export class FileStoreError extends ChainglassError {
  override name = 'FileStoreError'
  readonly status: number
  readonly code: number

  constructor(status: number, message: string, code: number = status >= 400 && status < 500 && status !== 404 ? KuboErrorCode.client : KuboErrorCode.normal) {
    super(message)
    this.status = status
    this.code = code
  }
}

export const badRequest = (message: string) => new FileStoreError(400, message)
export const notFound = (message: string) => new FileStoreError(404, message)

export function kuboErrorBody(message: string, code: number): KuboErrorBody {
  return { Message: message, Code: code, Type: 'error' }
}

/**
 * The store's libraries say "not found" with their own classes (interface-store, the exporter); they all
 * set `name`, so the name is what we look at. Anything unrecognised stays a 500 whose detail goes to the log only.
 */
export function toFilesError(error: unknown): FileStoreError | null {
  if (error instanceof FileStoreError) return error
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'NotFoundError') return notFound(`block was not found locally (offline): ${(error as Error).message}`)
  if (name === 'NotUnixFSError' || name === 'NoResolverError') return badRequest(`not a UnixFS file: ${(error as Error).message}`)
  if (name === 'BadPathError') return badRequest(`invalid path: ${(error as Error).message}`)
  return null
}
