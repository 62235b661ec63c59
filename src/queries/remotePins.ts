import { queryOptions } from '@tanstack/react-query'
import { useMemo } from 'react'
import { createPinningClient, remotePinStatuses, type PinningClient, type RemotePin } from '../files/pinningService.ts'
import { endpointUrl, type PinningService } from '../files/pinningServices.ts'

/**
 * The pins a pinning service holds for the user, for the Files page's remote pinning panel. The token is not in
 * the key: a serial number of the client is, so a changed token (a new client) asks again.
 */

const clientSerials = new WeakMap<PinningClient, number>()
let nextSerial = 1

function clientSerial(client: PinningClient): number {
  let serial = clientSerials.get(client)
  if (serial === undefined) {
    serial = nextSerial++
    clientSerials.set(client, serial)
  }
  return serial
}

/** While a pin is queued or pinning, its status is asked for again this often. */
export const pendingPollMs = 1_000

export const isPending = (pin: Pick<RemotePin, 'status'>) => pin.status === 'queued' || pin.status === 'pinning'

export const remotePinsKey = (client: PinningClient) => ['pinning', client.url, clientSerial(client)] as const

export function remotePinsQuery(client: PinningClient) {
  return queryOptions({
    queryKey: remotePinsKey(client),
    queryFn: ({ signal }) => client.list(remotePinStatuses, { signal }),
    staleTime: 5_000,
    // A refusal (a wrong token) does not change by itself; a service that did not answer may answer next time.
    retry: (failures, error) => failures < 1 && (error as { kind?: string }).kind === 'unreachable',
    refetchInterval: (query) => (query.state.data?.pins.some(isPending) ? pendingPollMs : false),
  })
}

/** One client per service (endpoint and token). */
export function usePinningClient(service: PinningService | null): PinningClient | null {
  const endpoint = service?.endpoint
  const token = service?.token
  return useMemo(() => (endpoint === undefined || token === undefined ? null : createPinningClient({ url: endpointUrl({ endpoint }), token })), [endpoint, token])
}
