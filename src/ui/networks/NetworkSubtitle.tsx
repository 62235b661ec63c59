import type { ReactNode } from 'react'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { NetworkLabel } from './NetworkLabel.tsx'

/**
 * A page header's subtitle: the network the page reads (with the method, for pages that show one
 * method's answer), then what else the page says about itself after a middle dot, when it says anything.
 */
export function NetworkSubtitle({ network, method, children }: { network: Network; method?: string; children?: ReactNode }) {
  const more = children !== undefined && children !== null && children !== false
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {method !== undefined && (
        <>
          <code className="font-mono text-[13px]">{method}</code>
          <span>on</span>
        </>
      )}
      <NetworkLabel network={network} />
      {more && (
        <>
          <span className="text-zinc-300 dark:text-zinc-600" aria-hidden="true">
            ·
          </span>
          {children}
        </>
      )}
    </span>
  )
}
