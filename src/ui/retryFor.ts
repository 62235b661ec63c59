import { isRetryable } from '../rpc/errors.ts'

/** An error panel's retry: offered only for failures that may pass next time (not a node's refusal). */
export function retryFor(query: { error: unknown; refetch: () => unknown }): (() => void) | undefined {
  return query.error && isRetryable(query.error) ? () => void query.refetch() : undefined
}
