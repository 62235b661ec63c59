/**
 * The one base of the app's and the service's own errors, after viem's BaseError: `message` is the short
 * sentence a user sees or a log line carries; `cause` is the error underneath (the standard Error.cause, which
 * the browser's console and Node print as a chain); `details` is what someone debugging wants beside it (a
 * node's answer, a path) and is never the headline. Each subclass writes its `name`: a minified build renames
 * classes, so a name read from the constructor would be a letter.
 */
export type ErrorParts = { cause?: unknown; details?: string }

export class ChainglassError extends Error {
  override name = 'ChainglassError'
  readonly details: string | undefined

  constructor(message: string, parts: ErrorParts = {}) {
    super(message, parts.cause === undefined ? undefined : { cause: parts.cause })
    this.details = parts.details
  }
}
