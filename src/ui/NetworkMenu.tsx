import { useRef, useState } from 'react'
import { formatChainId } from '../format/hex.ts'
import type { AppNetwork } from '../networks/capabilities.ts'
import { needsProbe } from '../networks/learned.ts'
import { useServerMarkup } from './useServerMarkup.ts'
import { useConnectionStatus } from '../queries/connectionStatus.ts'
import { useNetworkChoice } from './networks/NetworkContext.tsx'
import { settingsPath } from '../urls.ts'
import { AppLink } from './AppLink.tsx'
import { describeConnection } from './connection.ts'
import { CheckIcon, ChevronDownIcon } from './icons.tsx'
import { StatusDot } from './StatusDot.tsx'
import { useNow } from './useNow.ts'
import { useDismiss } from './useDismiss.ts'
import { networkKind } from '../networks/networkList.ts'

/**
 * The network being shown with its connection state; the menu switches networks (built-in ones, then the
 * user's) and leads to the network settings. Switching keeps the page: the same view on the other network.
 */
export function NetworkMenu() {
  const { network, networks, selectNetwork } = useNetworkChoice()
  const status = useConnectionStatus(network)
  const now = useNow()
  const connection = describeConnection(status, now)
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  // What this browser learned is not in the server's markup: the render hydrating it says what the server did.
  const serverMarkup = useServerMarkup()

  useDismiss(open, root, () => setOpen(false))

  const builtIn = networks.filter((choice) => choice.source === 'config')
  const mine = networks.filter((choice) => choice.source === 'user')
  const item = (choice: AppNetwork) => (
    <button
      key={choice.name}
      type="button"
      role="menuitemradio"
      aria-checked={choice.name === network.name}
      data-testid={`network-option-${choice.name}`}
      onClick={() => {
        selectNetwork(choice.name)
        setOpen(false)
      }}
      className="flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm text-zinc-700 transition hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800"
    >
      <span className="min-w-0">
        <span className="block truncate font-medium">{choice.label}</span>
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">
          {networkKind(choice)} · chain {formatChainId(choice.chainId)}
        </span>
      </span>
      {choice.name === network.name && <CheckIcon className="size-4 shrink-0 text-accent-600 dark:text-accent-400" />}
    </button>
  )
  const heading = (text: string) => <p className="px-3 pb-1 pt-2 text-xs font-medium text-zinc-500 dark:text-zinc-400">{text}</p>

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        data-testid="network-status"
        data-state={status.state}
        data-network={network.name}
        // Whether the network's first use in this browser has asked it what it offers yet (networks/learned.ts).
        data-rules={network.kind === 'sample' ? 'recorded' : serverMarkup || needsProbe(network) ? 'unprobed' : 'probed'}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        title={`${network.label} (${networkKind(network).toLowerCase()}): ${connection.label}`}
        className="flex h-9 items-center gap-2 rounded-full bg-zinc-100 pl-3 pr-2.5 text-sm font-medium text-zinc-700 ring-1 ring-inset ring-zinc-200 transition hover:bg-zinc-200/70 dark:bg-zinc-900 dark:text-zinc-200 dark:ring-zinc-800 dark:hover:bg-zinc-800"
      >
        <StatusDot tone={connection.tone} />
        <span data-testid="network-label" className="max-w-36 truncate sm:max-w-56">{network.label}</span>
        {network.kind === 'sample' && !/recorded sample/i.test(network.label) && <span className="text-xs font-normal text-amber-700 dark:text-amber-300">recorded sample</span>}
        <span className="sr-only">, {connection.label}</span>
        <ChevronDownIcon className="size-4 text-zinc-500 dark:text-zinc-400" />
      </button>
      {open && (
        <div role="menu" data-testid="network-menu" className="absolute left-0 z-30 mt-2 max-h-[70vh] w-80 overflow-y-auto rounded-xl bg-white p-1 shadow-lg ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800">
          {heading('Networks')}
          {builtIn.map(item)}
          {mine.length > 0 && (
            <>
              <div className="my-1 border-t border-zinc-100 dark:border-zinc-800" />
              {heading('Yours')}
              {mine.map(item)}
            </>
          )}
          <div className="my-1 border-t border-zinc-100 dark:border-zinc-800" />
          <div role="none" onClick={() => setOpen(false)}>
            <AppLink
              to={settingsPath}
              testId="network-settings-link"
              className="flex w-full items-center rounded-lg px-3 py-2 text-sm font-medium text-accent-600 transition hover:bg-zinc-100 dark:text-accent-400 dark:hover:bg-zinc-800"
            >
              Network settings…
            </AppLink>
          </div>
        </div>
      )}
    </div>
  )
}
