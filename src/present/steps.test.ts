import { toEventSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainFacts } from './discover.ts'
import { planWalk } from './steps.ts'

const holder = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const facts: ChainFacts = {
  head: 181n,
  busyBlock: { ok: true, value: { number: 118n, transactions: 5, gasUsed: 270_000n, gasLimit: 30_000_000n } },
  tokenTransfer: {
    ok: true,
    value: { hash: `0x${'ab'.repeat(32)}`, block: 180n, token: '0x5FbDB2315678afecb367f032d93F642f64180aa3', from: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955', to: holder, value: 10n },
  },
  failedTransaction: { ok: true, value: { hash: `0x${'cd'.repeat(32)}`, block: 179n } },
  balanceSlot: { ok: true, value: { token: '0x5FbDB2315678afecb367f032d93F642f64180aa3', holder, slot: 0n, block: 181n } },
}

describe('planWalk', () => {
  it('walks live home, busy block, token transfer, failure, logs, storage and file, each on its real page', () => {
    const walk = planWalk({ chain: { ok: true, value: facts }, fileStore: { ok: true, value: true } })
    expect(walk.skipped).toEqual([])
    expect(walk.steps.map((step) => [step.id, step.path])).toEqual([
      ['live', '/'],
      ['busy-block', '/block/118'],
      ['token-transfer', `/tx/0x${'ab'.repeat(32)}`],
      ['failed-transaction', `/tx/0x${'cd'.repeat(32)}`],
      // Every Transfer (topic0 is keccak256 of the event's signature) from block 0 to the head.
      ['logs', `/logs?topic0=${toEventSelector('Transfer(address,address,uint256)')}&fromBlock=0&toBlock=181`],
      ['storage', `/storage?address=0x5fbdb2315678afecb367f032d93f642f64180aa3&slot=0&keys=address%3A${holder.toLowerCase()}`],
      ['file', '/files'],
    ])
    expect(walk.steps.find((step) => step.id === 'file')?.action).toBe('upload-file')
  })

  it('captions carry what was found: the block, its transactions and how full it was', () => {
    const walk = planWalk({ chain: { ok: true, value: facts }, fileStore: { ok: true, value: true } })
    // 270,000 of 30,000,000 gas is 0.9%; blocks 0 to 181 are 182 blocks.
    expect(walk.steps[1]!.caption).toMatch(/^Block 118: 5 transactions using 0\.9% of its gas limit/)
    expect(walk.steps.find((step) => step.id === 'logs')!.caption).toContain('all 182 blocks')
  })

  it('leaves out what the network cannot serve, each with its reason, and never the live home', () => {
    const walk = planWalk({ chain: { ok: false, reason: 'Recorded mainnet has no latest block' }, fileStore: { ok: false, reason: 'Recorded mainnet has no file store' }, recorded: [] })
    expect(walk.steps.map((step) => [step.id, step.title])).toEqual([['live', 'What this recording holds']])
    expect(walk.skipped.map((skipped) => [skipped.id, skipped.reason])).toEqual([
      ['busy-block', 'Recorded mainnet has no latest block'],
      ['token-transfer', 'Recorded mainnet has no latest block'],
      ['failed-transaction', 'Recorded mainnet has no latest block'],
      ['logs', 'Recorded mainnet has no latest block'],
      ['storage', 'Recorded mainnet has no latest block'],
      ['file', 'Recorded mainnet has no file store'],
    ])
  })

  it('skips one step alone when only its fact is missing', () => {
    const walk = planWalk({ chain: { ok: true, value: { ...facts, failedTransaction: { ok: false, reason: 'no failed transaction in the last 16 blocks with transactions' } } }, fileStore: { ok: true, value: true } })
    expect(walk.steps.map((step) => step.id)).not.toContain('failed-transaction')
    expect(walk.skipped).toEqual([{ id: 'failed-transaction', title: 'A failed transaction, and why', reason: 'no failed transaction in the last 16 blocks with transactions' }])
  })
})
