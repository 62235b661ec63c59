import type { Network } from '../../contract/runtimeConfig.ts'

/** The service's default for one add request (server/files: defaultMaxUploadBytes, CHAINGLASS_MAX_UPLOAD_BYTES). */
export const defaultUploadLimitBytes = 2 * 1024 ** 3

/** Room left for the multipart framing around a file (boundaries, part headers, the escaped name). */
function multipartOverheadBytes(fileName: string): number {
  return 512 + 3 * new TextEncoder().encode(fileName).length
}

export type UploadLimit = { bytes: number; fromConfig: boolean }

/**
 * The largest add request the network's file store takes. /config.json names it (`maxUploadBytes` on the
 * network; the local service sends its CHAINGLASS_MAX_UPLOAD_BYTES); when it does not, the service's default
 * applies, and the panel says that is what it assumes.
 */
export function uploadLimitFor(network: Network): UploadLimit {
  const declared = network.maxUploadBytes
  return declared !== undefined ? { bytes: declared, fromConfig: true } : { bytes: defaultUploadLimitBytes, fromConfig: false }
}

/**
 * Checked before uploading: over the limit the service answers 413, but a browser still sending the body
 * often sees only a dropped connection. null when the file fits.
 */
export function overUploadLimit(file: { name: string; size: number }, limit: UploadLimit): string | null {
  const room = limit.bytes - multipartOverheadBytes(file.name)
  return file.size > room ? `larger than the upload limit of ${formatLimit(limit.bytes)}` : null
}

/** 2147483648 -> "2 GiB"; exact binary units where they fit, else bytes. */
export function formatLimit(bytes: number): string {
  for (const [unit, size] of [['GiB', 1024 ** 3], ['MiB', 1024 ** 2], ['KiB', 1024]] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`
  }
  return `${bytes.toLocaleString('en-US')} bytes`
}
