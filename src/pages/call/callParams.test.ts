import { describe, expect, it } from 'vitest'
import { buildCall, builderState, emptyDraft, parseStateBlock, readCallDraft, urlHasCall, writeCallDraft, type CallDraft } from './callParams.ts'

const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const holder = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const draft = (fields: Partial<CallDraft>): CallDraft => ({ ...emptyDraft, ...fields })

describe('the URL state', () => {
  it('round-trips through the URL and keeps other params', () => {
    const original = draft({ method: 'eth_estimateGas', from: holder, to: token, value: '1 ether', block: '12', abi: 'transfer(address,uint256)', fn: 'transfer(address,uint256)', args: [holder, '5'] })
    const search = writeCallDraft(original, new URLSearchParams('network=local&to=old'))
    expect(search.get('network')).toBe('local')
    expect(search.getAll('arg')).toEqual([holder, '5'])
    expect(readCallDraft(search)).toEqual(original)
    expect(urlHasCall(search)).toBe(true)
    expect(urlHasCall(new URLSearchParams('network=local'))).toBe(false)
  })

  it('leaves out empty fields and the default block', () => {
    expect(writeCallDraft(draft({ to: token }), new URLSearchParams()).toString()).toBe(`to=${token}&method=eth_call`)
  })
})

describe('buildCall', () => {
  it('makes the call object with hex quantities', () => {
    const built = buildCall(draft({ from: holder.toLowerCase(), to: token, value: '1 ether', gas: '21000', maxFeePerGas: '30 gwei', maxPriorityFeePerGas: '0x1', block: '100' }))
    expect(built).toEqual({
      ok: true,
      method: 'eth_call',
      request: { from: holder, to: token, value: '0xde0b6b3a7640000', gas: '0x5208', maxFeePerGas: '0x6fc23ac00', maxPriorityFeePerGas: '0x1' },
      block: '0x64',
      dataFromBuilder: false,
      overrides: {},
    })
  })

  it('takes the data from the builder when the data field is empty', () => {
    const built = buildCall(draft({ to: token, abi: 'balanceOf(address)', fn: 'balanceOf(address)', args: [holder] }))
    expect(built.ok && built.request.data?.slice(0, 10)).toBe('0x70a08231')
    expect(built.ok && built.dataFromBuilder).toBe(true)
  })

  it('names every problem', () => {
    const built = buildCall(draft({ from: '0x1234', to: token.replace('F', 'f'), gas: 'lots', gasPrice: '1', maxFeePerGas: '2', data: '0x123', block: 'yesterday' }))
    expect(built.ok).toBe(false)
    if (built.ok) return
    expect(Object.keys(built.problems).sort()).toEqual(['block', 'data', 'from', 'gas', 'gasPrice', 'to'])
    expect(built.problems.to).toMatch(/checksum/)
  })

  it('needs something to run for eth_call, not for eth_estimateGas', () => {
    expect(buildCall(draft({})).ok).toBe(false)
    expect(buildCall(draft({ method: 'eth_estimateGas', from: holder, value: '1' })).ok).toBe(true)
  })

  it('refuses a priority fee above the max fee', () => {
    const built = buildCall(draft({ to: token, maxFeePerGas: '1 gwei', maxPriorityFeePerGas: '2 gwei' }))
    expect(!built.ok && built.problems.maxPriorityFeePerGas).toMatch(/cannot be above/)
  })
})

describe('parseStateBlock', () => {
  it('reads tags, numbers and hashes', () => {
    expect(parseStateBlock('')).toBe('latest')
    expect(parseStateBlock('Finalized')).toBe('finalized')
    expect(parseStateBlock('255')).toBe('0xff')
    expect(parseStateBlock('0xff')).toBe('0xff')
    expect(parseStateBlock(`0x${'ab'.repeat(32)}`)).toBe(`0x${'ab'.repeat(32)}`)
    expect(parseStateBlock('tomorrow')).toBeNull()
  })
})

describe('builderState', () => {
  it('points at the argument that does not encode', () => {
    const state = builderState({ abi: 'transfer(address to, uint256 value)', fn: 'transfer(address,uint256)', args: [holder, 'x'] })
    expect(state.calldata).toBeNull()
    expect(Object.keys(state.argProblems)).toEqual(['1'])
  })

  it('says when the ABI does not parse', () => {
    expect(builderState({ abi: '[', fn: '', args: [] }).abiProblem).toMatch(/JSON/)
  })
})

describe('a simulation', () => {
  const state = JSON.stringify({ [holder.toLowerCase()]: { balance: '100 ether', nonce: 7, code: '0x6001', stateDiff: { '0x0': '0x1', [`0x${'ab'.repeat(32)}`]: 5 } } })

  it('round-trips its overrides through the URL; other methods leave them out', () => {
    const original = draft({ method: 'simulate', from: holder, to: token, state, overrideNumber: '123', overrideTime: '0x10', overrideBaseFee: '0' })
    const search = writeCallDraft(original, new URLSearchParams())
    expect(readCallDraft(search)).toEqual(original)
    const plain = writeCallDraft({ ...original, method: 'eth_call' }, new URLSearchParams())
    expect([plain.get('state'), plain.get('overrideNumber')]).toEqual([null, null])
  })

  it('sends state overrides as eth_call takes them: quantities in hex, slots and values as 32-byte words, addresses checksummed', () => {
    const built = buildCall(draft({ method: 'simulate', from: holder, to: token, state, overrideNumber: '123', overrideBaseFee: '0' }))
    expect(built.ok).toBe(true)
    if (!built.ok) return
    expect(built.overrides).toEqual({
      state: {
        [holder]: {
          balance: '0x56bc75e2d63100000',
          nonce: '0x7',
          code: '0x6001',
          stateDiff: { [`0x${'0'.repeat(64)}`]: `0x${'0'.repeat(63)}1`, [`0x${'ab'.repeat(32)}`]: `0x${'0'.repeat(63)}5` },
        },
      },
      block: { number: '0x7b', baseFeePerGas: '0x0' },
    })
  })

  it('says where an override is wrong', () => {
    const problem = (text: string) => {
      const built = buildCall(draft({ method: 'simulate', to: token, state: text }))
      return built.ok ? null : built.problems.state
    }
    expect(problem('{')).toMatch(/^not JSON/)
    expect(problem('[]')).toMatch(/expected an object of addresses/)
    expect(problem('{"0x12": {}}')).toMatch(/"0x12" is not a 20-byte address/)
    expect(problem(`{"${holder}": {"balanse": 1}}`)).toMatch(/unknown field "balanse"/)
    expect(problem(`{"${holder}": {"balance": "lots"}}`)).toMatch(/\.balance: expected a number/)
    expect(problem(`{"${holder}": {"code": "0x123"}}`)).toMatch(/\.code: expected hex bytes/)
    const block = buildCall(draft({ method: 'simulate', to: token, overrideTime: 'soon' }))
    expect(block.ok ? null : block.problems.overrideTime).toBeTruthy()
  })
})
