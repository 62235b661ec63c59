// PLACEHOLDER being replaced in this session by the demo-scenario work (issue 2). Not a finished part.
export type Scenario = { contracts: Record<string, `0x${string}`> }
export async function ensureScenario(_options: { rpcUrl: string; dataDir: string; log: (line: string) => void }): Promise<Scenario> {
  throw new Error('demo scenario not built yet')
}
