import { ChainglassError } from '../../../contract/errors.ts'

/**
 * The Pinning Service API's error answer: `{"error": {"reason", "details"}}` (the spec's Failure schema), with the
 * status the spec gives each case. `reason` is for machines (the spec's examples: BAD_REQUEST, UNAUTHORIZED,
 * NOT_FOUND...), `details` for people.
 */
export class PinningError extends ChainglassError {
  override name = 'PinningError'
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly details: string,
  ) {
    super(details)
  }
}

export type Failure = { error: { reason: string; details: string } }

export const failureBody = (error: PinningError): Failure => ({ error: { reason: error.reason, details: error.details } })

export const badPinningRequest = (details: string) => new PinningError(400, 'BAD_REQUEST', details)
export const pinNotFound = (details: string) => new PinningError(404, 'NOT_FOUND', details)
