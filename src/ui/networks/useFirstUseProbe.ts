import { useEffect } from 'react'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { needsProbe } from '../../networks/learned.ts'

/** How long after a page opens the first-use probe waits: the page's own data goes first. */
const afterPageMs = 2_000

/** Probes the shown network on its first use in this browser, once the page has had its start. */
export function useFirstUseProbe(network: AppNetwork): void {
  useEffect(() => {
    if (!needsProbe(network)) return
    let idle: number | null = null
    const timer = setTimeout(() => {
      // Its code too comes later: the probe is no part of the first render, so it stays out of the entry chunk.
      const run = () => void import('../../networks/firstUseProbe.ts').then(({ probeOnFirstUse }) => probeOnFirstUse(network)).catch(() => undefined)
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: 3_000 })
      else run()
    }, afterPageMs)
    return () => {
      clearTimeout(timer)
      if (idle !== null) cancelIdleCallback(idle)
    }
  }, [network])
}
