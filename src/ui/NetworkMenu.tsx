import { useEffect, useRef, useState } from 'react'
import { formatChainId } from '../format/hex.ts'
import { useConnectionStatus, useNetworkChoice } from '../networks/NetworkContext.tsx'
import { describeConnection } from './connection.ts'
import { CheckIcon, ChevronDownIcon } from './icons.tsx'
import { StatusDot } from './StatusDot.tsx'
import { useNow } from './useNow.ts'

/** The network being shown with its connection state; a menu switches networks when there are several. */
export function NetworkMenu() {
  const { network, networks, selectNetwork } = useNetworkChoice()
  const status = useConnectionStatus(network)
  const now = useNow()
  const connection = describeConnection(status, now)
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('pointerdown', close)
      document.removeEventListener('keydown', close)
    }
  }, [open])

  const several = networks.length > 1
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        data-testid="network-status"
        data-state={status.state}
        aria-haspopup={several ? 'menu' : undefined}
        aria-expanded={several ? open : undefined}
        onClick={() => several && setOpen((value) => !value)}
        title={`${network.label}: ${connection.label}`}
        className="flex h-9 items-center gap-2 rounded-full bg-zinc-100 pl-3 pr-2.5 text-sm font-medium text-zinc-700 ring-1 ring-inset ring-zinc-200 transition hover:bg-zinc-200/70 dark:bg-zinc-900 dark:text-zinc-200 dark:ring-zinc-800 dark:hover:bg-zinc-800"
      >
        <StatusDot tone={connection.tone} />
        <span data-testid="network-label" className="max-w-48 truncate">{network.label}</span>
        <span className="sr-only">, {connection.label}</span>
        {several && <ChevronDownIcon className="size-4 text-zinc-400" />}
      </button>
      {open && (
        <div role="menu" className="absolute left-0 z-30 mt-2 w-72 overflow-hidden rounded-xl bg-white p-1 shadow-lg ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800">
          <p className="px-3 pb-1 pt-2 text-xs font-medium text-zinc-500 dark:text-zinc-400">Networks</p>
          {networks.map((choice) => (
            <button
              key={choice.name}
              type="button"
              role="menuitemradio"
              aria-checked={choice.name === network.name}
              onClick={() => {
                selectNetwork(choice.name)
                setOpen(false)
              }}
              className="flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm text-zinc-700 transition hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{choice.label}</span>
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                  {choice.kind === 'local' ? 'Local service' : choice.kind === 'sample' ? 'Recorded sample' : 'Hosted'} · chain {formatChainId(choice.chainId)}
                </span>
              </span>
              {choice.name === network.name && <CheckIcon className="size-4 shrink-0 text-accent-600 dark:text-accent-400" />}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
