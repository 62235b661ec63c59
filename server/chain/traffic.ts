// PLACEHOLDER being replaced in this session by the traffic generator (issue 2). Not a finished part.
import type { Scenario } from './scenario.ts'
export type Traffic = { stop(): Promise<void> }
export function startTraffic(_options: { rpcUrl: string; scenario: Scenario; blockTime: number; log: (line: string) => void }): Traffic {
  throw new Error('traffic generator not built yet')
}
