/**
 * What the boot script (boot.ts, a classic script in index.html's head) hands the app: the runtime config it
 * took out of the page, and the page's data request it started. On `window`, because the two are built apart
 * (the boot script is not a module and shares no code at run time with the app's bundle).
 */

export { configElementId } from '../../contract/pageConfig.ts'

export type EarlyCall = { method: string; params: readonly unknown[] }

/** A JSON-RPC batch the boot script sent before the app's code loaded. */
export type EarlyRequest = {
  /** The endpoint it went to ({rpcBase}/v3/{key}): only a transport for the same URL adopts it. */
  url: string
  /** The calls, with ids 1, 2, … in this order. */
  calls: readonly EarlyCall[]
  /** The answer's text, or null when it did not come as a 2xx answer (the app then asks again itself). */
  reply: Promise<string | null>
  /** performance.now() when it left: an answer older than the app cares for is not adopted. */
  sentAt: number
}

export type BootHandoff = {
  /** The parsed config block, unchecked (the app checks it), or undefined when the page carried none. */
  config: unknown
  early: EarlyRequest | null
}

type WithHandoff = { __chainglassBoot?: BootHandoff }

export function readHandoff(): BootHandoff | undefined {
  return (globalThis as WithHandoff).__chainglassBoot
}

export function writeHandoff(handoff: BootHandoff): void {
  ;(globalThis as WithHandoff).__chainglassBoot = handoff
}
