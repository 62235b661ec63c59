import { ChainglassError } from '../../contract/errors.ts'

/**
 * Everything a file-store call can fail with, typed by cause so the panel can say what happened and what to
 * do. Messages carry what the service said (Kubo's `Message`), never the secret, the Authorization header or
 * a URL with credentials in it.
 */

export type FilesCommand = 'add' | 'cat' | 'pin/add' | 'pin/rm' | 'pin/ls' | 'version' | 'id' | 'ls' | 'files/ls' | 'files/mkdir' | 'files/cp' | 'files/mv' | 'files/rm' | 'files/stat' | 'dag/export' | 'dag/import' | 'dag/stat' | 'dag/get' | 'block/get'

/**
 * - `http`: the service answered with a non-2xx status (Kubo's `{Message, Code, Type}` body when it sent one).
 * - `unreachable`: no HTTP answer at all (service down, CORS refusal, or a connection closed mid-upload).
 * - `aborted`: the caller cancelled (an AbortSignal, or Cancel on an upload).
 * - `malformed`: a 2xx answer that is not in the shape Kubo's RPC promises.
 */
export type FilesErrorKind = 'http' | 'unreachable' | 'aborted' | 'malformed'

/** Kubo's error body. */
export type KuboError = { Message: string; Code: number; Type: 'error' }

/** The spec's likely causes for a refused key (Part B, Authentication): named wherever a 401/403 is shown. */
export const refusedCredentialsCauses =
  'a wrong project key or secret, or no billing card on the account (the file store requires one, even for a free account)'

export class FilesError extends ChainglassError {
  override readonly name = 'FilesError'
  readonly kind: FilesErrorKind
  readonly command: FilesCommand
  /** The HTTP status when the service answered; null otherwise. */
  readonly status: number | null
  /** Kubo's `Code` (0 normal, 1 client, 4 forbidden...) when the body carried one. */
  readonly code: number | null
  /** What the service said, secrets removed; empty when it said nothing usable. */
  readonly detail: string
  /** What to do about it, in a sentence. */
  readonly hint: string

  constructor(init: { kind: FilesErrorKind; command: FilesCommand; status?: number | null; code?: number | null; detail?: string; cause?: unknown }) {
    const status = init.status ?? null
    const detail = init.detail ?? ''
    super(describe(init.kind, init.command, status, detail), { cause: init.cause })
    this.kind = init.kind
    this.command = init.command
    this.status = status
    this.code = init.code ?? null
    this.detail = detail
    this.hint = hintFor(init.kind, init.command, status, detail)
  }

  /** The service refused the credentials (or the account behind them). */
  get unauthorized(): boolean {
    return this.status === 401 || (this.status === 403 && !isOriginRefusal(this.detail))
  }

  /** A short title for a panel. */
  get title(): string {
    if (this.kind === 'aborted') return 'Cancelled'
    if (this.kind === 'unreachable') return 'The file store cannot be reached'
    if (this.kind === 'malformed') return 'The file store sent an answer this app cannot read'
    if (this.unauthorized) return 'The file store refused the key and secret'
    if (this.status === 403) return 'The file store does not accept calls from this page'
    if (this.status === 404) return 'Not found on this file store'
    if (this.status === 413) return 'Too large for the file store'
    if (this.status === 429) return 'Too many requests'
    if (this.status !== null && this.status >= 500) return 'The file store had an internal error'
    return `The file store refused ${this.command}`
  }
}

function isOriginRefusal(detail: string): boolean {
  return /\borigin\b.*not allowed/i.test(detail)
}

function describe(kind: FilesErrorKind, command: FilesCommand, status: number | null, detail: string): string {
  const said = detail ? `: ${detail}` : ''
  switch (kind) {
    case 'http':
      if ((status === 401 || status === 403) && !isOriginRefusal(detail)) {
        return `${command}: the file store answered HTTP ${status}${said}. Likely causes: ${refusedCredentialsCauses}`
      }
      return `${command}: the file store answered HTTP ${status}${said}`
    case 'unreachable':
      return `${command}: the file store could not be reached${said}`
    case 'aborted':
      return `${command}: cancelled`
    case 'malformed':
      return `${command}: the answer is not in Kubo's shape${said}`
  }
}

function hintFor(kind: FilesErrorKind, command: FilesCommand, status: number | null, detail: string): string {
  if (kind === 'aborted') return 'Nothing was kept from a cancelled upload.'
  if (kind === 'malformed') return 'The endpoint may not be a Kubo-compatible file store; check the file-store address of this network.'
  if (kind === 'unreachable') {
    return command === 'add'
      ? 'Is the service running? The browser may also have blocked the call (CORS), or the service closed the connection mid-upload — for example because the file is over its size limit.'
      : 'Is the service running, and does it accept calls from this page (CORS)? For the local one, start it with npm start.'
  }
  if (status === 401 || status === 403) {
    if (isOriginRefusal(detail)) return "The file store only accepts calls from the app's own origin; open the app at the address the service printed."
    return `Likely causes: ${refusedCredentialsCauses}.`
  }
  if (status === 404) return 'This file store serves only what it holds; it does not fetch content from other nodes. Add the file here first.'
  if (status === 413) return 'Split the file, or raise the service limit (CHAINGLASS_MAX_UPLOAD_BYTES for the local one).'
  if (status === 429) return 'The provider is rate-limiting this key; wait a moment and try again.'
  if (status !== null && status >= 500) return 'Try again in a moment; if it persists, check the service log.'
  return 'The request reached the file store, which refused it for the reason above.'
}

/** Removes every occurrence of the given secrets from a text (a provider might echo a header back). */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('•••')
  return out
}

/** Kubo's error body, or null for anything else. */
export function parseKuboError(text: string): KuboError | null {
  try {
    const body = JSON.parse(text) as Partial<KuboError> | null
    if (body && typeof body.Message === 'string' && body.Type === 'error') {
      return { Message: body.Message, Code: typeof body.Code === 'number' ? body.Code : 0, Type: 'error' }
    }
  } catch {
    // not JSON: see errorFromAnswer
  }
  return null
}

/** A non-2xx answer as a FilesError: Kubo's message when there is one, a short plain-text body otherwise (never HTML). */
export function errorFromAnswer(command: FilesCommand, status: number, text: string, secrets: readonly string[]): FilesError {
  const kubo = parseKuboError(text)
  const plain = text.trim()
  const detail = kubo ? kubo.Message : plain.length > 0 && plain.length <= 300 && !plain.includes('<') ? plain : ''
  return new FilesError({ kind: 'http', command, status, code: kubo?.Code ?? null, detail: redact(detail, secrets) })
}
