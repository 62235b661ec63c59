import { describe, expect, it } from 'vitest'
import { simulationRefusal } from './simulation.ts'
import type { TracingSupport } from '../networks/tracingProbe.ts'

const offered = { offered: true } as const
const refused = (said: string) => ({ offered: false, said }) as const

/** Hardhat's answers as its probe found them (e2e/other-engine.spec.ts): overrides on eth_call but not its block's. */
const hardhat: TracingSupport = {
  callTracer: refused('Hardhat currently only supports the default tracer'),
  prestateTracer: refused('Hardhat currently only supports the default tracer'),
  simulateV1: refused('Method eth_simulateV1 is not supported'),
  stateOverrides: offered,
  blockOverrides: refused('trailing characters at line 1 column 148'),
}

describe('simulationRefusal', () => {
  it('lets any simulation through where eth_simulateV1 is offered', () => {
    expect(simulationRefusal({ ...hardhat, simulateV1: offered, stateOverrides: refused('no'), blockOverrides: refused('no') }, { state: { '0x0000000000000000000000000000000000000001': { balance: '0x1' } }, block: { number: '0x1' } })).toBeNull()
  })

  it('without it, takes eth_call with the overrides the node takes, and says which it lacks', () => {
    expect(simulationRefusal(hardhat, {})).toBeNull()
    expect(simulationRefusal(hardhat, { state: { '0x0000000000000000000000000000000000000001': { balance: '0x1' } } })).toBeNull()
    expect(simulationRefusal(hardhat, { block: { number: '0x1' } })).toBe('this node offers neither eth_simulateV1 (Method eth_simulateV1 is not supported) nor block overrides on eth_call (trailing characters at line 1 column 148)')
    expect(simulationRefusal({ ...hardhat, stateOverrides: refused('state override not supported') }, { state: { '0x0000000000000000000000000000000000000001': { balance: '0x1' } } })).toMatch(/nor state overrides on eth_call \(state override not supported\)$/)
  })
})
