import { QueryClient } from '@tanstack/react-query'
import { isRetryable } from '../rpc/errors.ts'

/**
 * One cache for the app. Failures the node may get over (timeouts, unreachable, 5xx, 429, a dropped socket)
 * are retried with backoff; an RpcError or a malformed answer would fail the same way again, so it is not.
 * Live data arrives by subscription, so window focus does not refetch.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 3 && isRetryable(error),
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 8_000),
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
    },
  })
}
