import { describe, expect, it } from 'vitest'
import { devAccount, roles } from './devAccounts.ts'
import { emitterBatches, expectedState, scenarioPhases, stepGas } from './scenarioPlan.ts'

describe('the scenario plan', () => {
  const phases = scenarioPhases()
  const state = expectedState(phases)

  it('has anvil’s default accounts as its dev accounts', () => {
    // The first two addresses anvil prints at start-up for its default mnemonic.
    expect(devAccount(0).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(devAccount(1).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  })

  it('never overdraws: every balance and allowance it leaves is positive, and balances add up to the supply', () => {
    const balances = [...state.balances.values()]
    expect(balances.every((balance) => balance > 0n)).toBe(true)
    expect(balances.reduce((sum, balance) => sum + balance, 0n)).toBe(state.totalSupply)
    for (const bySpender of state.allowances.values()) for (const amount of bySpender.values()) expect(amount > 0n).toBe(true)
  })

  it('puts more than 12,000 logs on chain, no more than 10,000 in any one phase (block)', () => {
    expect(state.logs).toBe(emitterBatches.reduce((sum, n) => sum + n, 0))
    expect(state.logs).toBeGreaterThan(12_000)
    for (const phase of phases) {
      const logs = phase.steps.filter((step) => step.fn === 'emitMany').reduce((sum, step) => sum + Number(step.args[0] as bigint), 0)
      expect(logs, phase.name).toBeLessThanOrEqual(10_000)
    }
  })

  it('gives every call a fixed gas limit except emitMany, and has one call meant to fail', () => {
    for (const step of phases.flatMap((phase) => phase.steps)) {
      if (step.fn !== 'emitMany') expect(stepGas[`${step.contract}.${step.fn}`], `${step.contract}.${step.fn}`).toBeDefined()
    }
    expect(phases.flatMap((phase) => phase.steps).filter((step) => step.expect === 'revert')).toHaveLength(1)
  })

  it('leaves the holders and the traffic accounts apart', () => {
    const senders = new Set(phases.flatMap((phase) => phase.steps).map((step) => step.from))
    for (const index of roles.traffic) expect(senders.has(index)).toBe(false)
  })
})
