import { clientsFor } from '../networks/clients.ts'
import { useConnectionStatus } from '../queries/connectionStatus.ts'
import { useNetwork } from './networks/NetworkContext.tsx'
import { describeConnection, pollingEverySeconds, pollsInstead } from './connection.ts'
import { useNow } from './useNow.ts'

/** While the WebSocket is down: says so, says what the app does meanwhile, and offers to retry now. */
export function ConnectionBanner() {
  const network = useNetwork()
  const status = useConnectionStatus(network)
  const now = useNow()
  const nodeDown = status.state === 'open' && status.nodeUnavailable === true
  if (status.state !== 'reconnecting' && status.state !== 'closed' && !nodeDown && !pollsInstead(status)) return null
  const { label } = describeConnection(status, now)
  if (pollsInstead(status)) {
    // Never connected (most likely the network has no WebSocket), or connected without subscriptions. A
    // neutral note, not an alarm: the app polls.
    return (
      <div role="status" data-testid="polling-note" className="border-b border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-300">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6 lg:px-8">
          <span className="inline-flex items-center rounded-full bg-zinc-200/70 px-2 py-0.5 text-xs font-medium dark:bg-zinc-800" data-testid="polling-badge">
            polling every {pollingEverySeconds} s
          </span>
          <span className="text-zinc-600 dark:text-zinc-400">
            {status.state === 'open'
              ? `${network.label} has no subscriptions (eth_subscribe is not offered), so new blocks are read over HTTP instead.`
              : `${network.label}'s WebSocket did not open (${status.attempt} tries), so new blocks are read over HTTP instead. It is tried again now and then.`}
          </span>
          {status.state !== 'open' && (
            <button
              type="button"
              onClick={() => clientsFor(network).socket.reconnectNow()}
              className="ml-auto rounded-md bg-white px-2.5 py-1 text-xs font-medium ring-1 ring-zinc-300 transition hover:bg-zinc-100 dark:bg-zinc-900 dark:ring-zinc-700 dark:hover:bg-zinc-800"
            >
              Try the WebSocket now
            </button>
          )}
        </div>
      </div>
    )
  }
  if (nodeDown) {
    // Connected to the service, but the service cannot reach its node: say so, and that it comes back alone.
    return (
      <div role="status" data-testid="connection-banner" data-cause="node-unavailable" className="border-b border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6 lg:px-8">
          <span className="font-medium">Live updates paused: {network.label} cannot reach its node.</span>
          <span className="text-amber-800/80 dark:text-amber-200/70">The service answers that the node is unavailable. Updates resume by themselves when it is back.</span>
        </div>
      </div>
    )
  }
  return (
    <div role="status" data-testid="connection-banner" className="border-b border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <span className="font-medium">Live updates paused: the connection to {network.label} was lost.</span>
        <span className="text-amber-800/80 dark:text-amber-200/70">
          {label}
          {status.attempt > 1 ? ` (attempt ${status.attempt})` : ''}. The head is polled over HTTP meanwhile.
        </span>
        {status.state === 'reconnecting' && (
          <button
            type="button"
            onClick={() => clientsFor(network).socket.reconnectNow()}
            className="ml-auto rounded-md bg-amber-100 px-2.5 py-1 text-xs font-medium ring-1 ring-amber-300 transition hover:bg-amber-200 dark:bg-amber-900/50 dark:ring-amber-800 dark:hover:bg-amber-900"
          >
            Retry now
          </button>
        )}
      </div>
    </div>
  )
}
