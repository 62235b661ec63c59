import { encodeErrorResult, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { failureHeadline, gasVerdict, isRevertError, replayOf, revertPayload, type Replay } from './failure.ts'

const sender = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' // EIP-55's own test vectors
const contract = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

describe('replayOf', () => {
  const mined = { from: sender, to: contract, value: '0x5', input: '0x55241077', gas: '0x15f90', blockNumber: '0x8' } as const

  it('calls the same target with the same value, input and gas, on the parent block', () => {
    expect(replayOf(mined)).toEqual({ request: { from: sender, to: contract, value: '0x5', data: '0x55241077', gas: '0x15f90' }, block: '0x7' })
  })

  it('replays a creation with no `to`: the input runs as init code', () => {
    const replay = replayOf({ ...mined, to: null, input: '0x6080' })
    expect(replay?.request).toEqual({ from: sender, value: '0x5', data: '0x6080', gas: '0x15f90' })
    expect(replay?.request).not.toHaveProperty('to')
  })

  it('has nothing to replay on for a pending transaction or one in block 0', () => {
    expect(replayOf({ ...mined, blockNumber: null })).toBeNull()
    expect(replayOf({ ...mined, blockNumber: '0x0' })).toBeNull()
  })

  it('counts the parent past a hex digit boundary', () => {
    expect(replayOf({ ...mined, blockNumber: '0x100' })?.block).toBe('0xff')
  })
})

describe('gasVerdict', () => {
  it('says a transaction that used its whole limit was exhausted', () => {
    expect(gasVerdict('0x5208', '0x5208')).toEqual({ used: 21000n, limit: 21000n, exhausted: true })
  })

  it('says a revert that handed gas back was not', () => {
    expect(gasVerdict('0x7c01', '0x15f90')).toEqual({ used: 31745n, limit: 90000n, exhausted: false })
  })
})

describe('revertPayload', () => {
  const payload = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['no'] })

  it('reads the spec form (data is the hex) and the wrapped form ({ data: hex })', () => {
    expect(revertPayload(payload)).toBe(payload)
    expect(revertPayload({ data: payload })).toBe(payload)
  })

  it('has none for missing or non-hex data', () => {
    expect(revertPayload(undefined)).toBeNull()
    expect(revertPayload(null)).toBeNull()
    expect(revertPayload('execution reverted')).toBeNull()
    expect(revertPayload({ message: 'x' })).toBeNull()
  })
})

describe('failureHeadline', () => {
  const reason = 'value must be below 1000'
  const errorPayload = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [reason] })
  const customAbi = parseAbi(['error Unauthorized(address who)'])
  const custom = encodeErrorResult({ abi: customAbi, errorName: 'Unauthorized', args: [sender] })
  const spare = gasVerdict('0x7c01', '0x15f90')
  const all = gasVerdict('0x15f90', '0x15f90')
  const plan: Replay = { request: { from: sender, value: '0x0', data: '0x', gas: '0x15f90' }, block: '0x7' }
  const replayed = (outcome: Parameters<typeof failureHeadline>[0] & { via: 'replay' }) => outcome

  it("states the node's record: Error(string), a custom error by the ABI, or none", () => {
    expect(failureHeadline({ via: 'ots', data: errorPayload }, spare, [])).toBe(`Reverted: ${reason}`)
    expect(failureHeadline({ via: 'ots', data: custom }, spare, customAbi)).toBe(`Reverted: Unauthorized("${sender}")`) // describeRevert quotes string arguments
    expect(failureHeadline({ via: 'ots', data: '0x' }, spare, [])).toMatch(/^Reverted without a reason/)
  })

  it('says out of gas when there is no payload and every unit of gas went', () => {
    expect(failureHeadline({ via: 'ots', data: '0x' }, all, [])).toMatch(/^Out of gas: it used its whole gas limit/)
    expect(failureHeadline({ via: 'none', why: 'x', otsRefused: null }, all, [])).toMatch(/^Out of gas/)
  })

  it('marks a replayed reason as replayed', () => {
    const outcome = replayed({ via: 'replay', replay: plan, otsRefused: null, outcome: { kind: 'reverted', message: `execution reverted: ${reason}`, code: 3, data: errorPayload } })
    expect(failureHeadline(outcome, spare, [])).toBe(`Reverted (replayed): ${reason}`)
  })

  it('says plainly when the replay ran through: changed state, or the gas', () => {
    const ran = replayed({ via: 'replay', replay: plan, otsRefused: null, outcome: { kind: 'succeeded', result: '0x' } })
    expect(failureHeadline(ran, spare, [])).toMatch(/^The replay ran through: the failure depended on state that has changed/)
    expect(failureHeadline(ran, all, [])).toMatch(/most likely ran out of gas/)
  })

  it("quotes the node's refusal", () => {
    const refused = replayed({ via: 'replay', replay: plan, otsRefused: null, outcome: { kind: 'refused', message: 'intrinsic gas too high', code: -32000 } })
    expect(failureHeadline(refused, spare, [])).toBe('The node would not replay it (intrinsic gas too high).')
  })
})

describe('isRevertError', () => {
  // The answers two real engines gave for a reverting eth_call (anvil 1.7 and Hardhat 3: code 3; Hardhat 2: -32603).
  it('takes each engine’s revert as a revert', () => {
    expect(isRevertError({ code: 3, message: 'execution reverted: boom' })).toBe(true)
    expect(isRevertError({ code: 3, message: 'Transaction reverted without a reason string' })).toBe(true)
    expect(isRevertError({ code: -32603, message: 'Error: Transaction reverted without a reason string' })).toBe(true)
    expect(isRevertError({ code: -32603, message: "Error: VM Exception while processing transaction: reverted with reason string 'boom'" })).toBe(true)
  })

  it('leaves other refusals alone', () => {
    expect(isRevertError({ code: -32000, message: 'intrinsic gas too high' })).toBe(false)
    expect(isRevertError({ code: -32603, message: 'Internal error' })).toBe(false)
    expect(isRevertError({ code: -32000, message: 'out of gas' })).toBe(false)
  })
})
