import { Panel } from '../Panel.tsx'
import { CubeIcon } from '../icons.tsx'
import type { AppNetwork, Capabilities } from '../../networks/capabilities.ts'
import { useNetworkChoice, useSamplesDescribed } from './NetworkContext.tsx'

/**
 * The page's method is one this network does not offer (by its settings): says so plainly, and offers the
 * networks that do, keeping the page. Not an error: nothing was sent.
 */
export function MethodUnavailable({ method, offers, what }: { method: string; offers: (capabilities: Capabilities) => boolean; what: string }) {
  const { network, networks, selectNetwork } = useNetworkChoice()
  useSamplesDescribed()
  const others = networks.filter((candidate: AppNetwork) => candidate.name !== network.name && offers(candidate.capabilities))
  return (
    <Panel className="flex flex-col items-center px-6 py-14 text-center" testId="method-unavailable">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <CubeIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-zinc-900 dark:text-white">{network.label} does not offer this</h2>
      <p className="mt-2 max-w-xl text-sm text-zinc-600 dark:text-zinc-400">
        {what} come from <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[13px] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">{method}</code>, a method
        only some networks have. This network&apos;s settings say it has none, so nothing was asked.
      </p>
      {others.length > 0 && (
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {others.map((candidate) => (
            <button
              key={candidate.name}
              type="button"
              data-testid={`switch-to-${candidate.name}`}
              onClick={() => selectNetwork(candidate.name)}
              className="rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white shadow-sm transition hover:bg-accent-500"
            >
              Show it on {candidate.label}
            </button>
          ))}
        </div>
      )}
    </Panel>
  )
}
