import { describe, expect, it } from 'vitest'
import { readFixture, readIoFixture } from '../../testing/fixtures.ts'
import { RawResult, RpcFailure } from '../jsonrpc.ts'
import { prepareBlockReceiptsParams } from './blockReceiptsParam.ts'
import { capCallGas } from './callGasCap.ts'
import { checkLogsResult, countRawLogs, prepareLogsFilter } from './logsFilter.ts'
import { normalizeRevert } from './revert.ts'

type ErrorAnswer = { error: { code: number; message: string; data: string } }

describe('normalizeRevert, against recorded node answers (server/samples/recordings, testdata/recorded)', () => {
  const recorded: ErrorAnswer[] = [
    ...['execapis-eth_call-revert-abi-error.io', 'execapis-eth_call-revert-abi-panic.io', 'execapis-eth_estimateGas-revert-raw.io', 'execapis-eth_estimateGas-revert-abi-error.io'].map(
      (name) => readIoFixture(name)[0]!.response as ErrorAnswer,
    ),
    ...['erigon-mainnet-eth_call-revert-uniswap.json', 'erigon-mainnet-eth_call-revert-ether-amount.json'].map(
      (name) => (JSON.parse(readFixture(name)) as Array<{ response: ErrorAnswer }>)[0]!.response,
    ),
  ]

  it.each(recorded.map((answer) => [answer.error.message, answer] as const))('gives "%s" for its recorded payload', (_message, answer) => {
    // Feed the payload with anvil's own (different) wording: the gateway must arrive at the recorded message.
    const fromAnvil = new RpcFailure(3, 'execution reverted: custom error 0x1234: \u0000\u0007', answer.error.data)
    expect(normalizeRevert(fromAnvil).toJSON()).toEqual({ code: 3, message: answer.error.message, data: answer.error.data })
  })

  it('leaves errors that are not reverts alone', () => {
    const failure = new RpcFailure(-32000, 'insufficient funds for gas * price + value')
    expect(normalizeRevert(failure)).toBe(failure)
  })
})

describe('prepareLogsFilter (spec: Log filter object, rule 2, Limits)', () => {
  it('defaults fromBlock and toBlock to latest', () => {
    expect(prepareLogsFilter([{ address: '0x01' }], 5000)).toEqual([{ address: '0x01', fromBlock: 'latest', toBlock: 'latest' }])
  })

  it('refuses blockHash with fromBlock or toBlock (-32602), in either spelling', () => {
    const hash = '0x' + '11'.repeat(32)
    for (const filter of [{ blockHash: hash, fromBlock: '0x1' }, { blockHash: hash, toBlock: 'latest' }, { blockhash: hash, fromBlock: '0x0' }]) {
      expect(() => prepareLogsFilter([filter], 5000)).toThrowError(expect.objectContaining({ code: -32602 }))
    }
    expect(prepareLogsFilter([{ blockhash: hash }], 5000)).toEqual([{ blockHash: hash }])
  })

  it('counts addresses and topics, alternatives included, against the 5,000 limit', () => {
    const addresses = Array.from({ length: 4000 }, (_, i) => '0x' + i.toString(16).padStart(40, '0'))
    const topics = [Array.from({ length: 999 }, () => '0x' + '00'.repeat(32)), null, '0x' + '11'.repeat(32)]
    expect(() => prepareLogsFilter([{ address: addresses, topics }], 5000)).not.toThrow()
    const over = [...topics.slice(0, 2), ['0x' + '11'.repeat(32), '0x' + '22'.repeat(32)]]
    expect(() => prepareLogsFilter([{ address: addresses, topics: over }], 5000)).toThrowError(expect.objectContaining({ code: -32005 }))
  })

  it('refuses a filter that is not one object', () => {
    for (const params of [[], [1], ['x'], [[]], [{}, {}]]) {
      expect(() => prepareLogsFilter(params, 5000)).toThrowError(expect.objectContaining({ code: -32602 }))
    }
  })

  it('counts the logs of a raw answer in its text as parsing would (recorded mainnet answers, server/samples/recordings)', () => {
    const names = ['erigon-mainnet-eth_getLogs-topics.json', 'erigon-mainnet-eth_getLogs-deposit-contract.json', 'erigon-mainnet-eth_getTransactionReceipt-logs.json']
    for (const name of names) {
      const exchanges = JSON.parse(readFixture(name)) as Array<{ response: { result: unknown[] | { logs: unknown[] } } }>
      for (const { response } of exchanges) {
        const logs = Array.isArray(response.result) ? response.result : response.result.logs
        expect(logs.length, name).toBeGreaterThan(0)
        expect(countRawLogs(Buffer.from(JSON.stringify(logs))), name).toBe(logs.length)
      }
    }
    expect(countRawLogs(Buffer.from('[]'))).toBe(0)
  })

  it('refuses a raw answer over the limit as it refuses a parsed one, and passes one at the limit on as it is', () => {
    const log = JSON.stringify({ address: '0x00000000000000000000000000000000000000aa', topics: ['0x01'], data: '0x', blockNumber: '0x1', logIndex: '0x0', removed: false })
    const raw = (n: number) => new RawResult(Buffer.from(`[${Array.from({ length: n }, () => log).join(',')}]`))
    const atLimit = raw(10_000)
    expect(checkLogsResult(atLimit, 10_000)).toBe(atLimit)
    expect(() => checkLogsResult(raw(10_001), 10_000)).toThrowError(expect.objectContaining({ code: -32005, message: 'query returned more than 10000 results' }))
  })

  it('lets 10,000 results through and refuses 10,001 with the spec message', () => {
    expect(checkLogsResult(new Array(10_000).fill({}), 10_000)).toHaveLength(10_000)
    expect(() => checkLogsResult(new Array(10_001).fill({}), 10_000)).toThrowError(
      expect.objectContaining({ code: -32005, message: 'query returned more than 10000 results' }),
    )
  })
})

describe('prepareBlockReceiptsParams (spec: Block tag)', () => {
  it('takes decimal integers, hex and tags; pending answers as latest', () => {
    expect(prepareBlockReceiptsParams([12])).toEqual(['0xc'])
    expect(prepareBlockReceiptsParams(['12'])).toEqual(['0xc'])
    expect(prepareBlockReceiptsParams(['0xc'])).toEqual(['0xc'])
    expect(prepareBlockReceiptsParams(['pending'])).toEqual(['latest'])
    expect(prepareBlockReceiptsParams(['finalized'])).toEqual(['finalized'])
    expect(prepareBlockReceiptsParams(['9007199254740993'])).toEqual(['0x20000000000001'])
  })

  it('refuses negative, fractional and missing block numbers', () => {
    for (const params of [[-1], [1.5], [], [1, 2]]) {
      expect(() => prepareBlockReceiptsParams(params)).toThrowError(expect.objectContaining({ code: -32602 }))
    }
  })
})

describe('capCallGas (spec: Limits, 10 × the block gas limit)', () => {
  const cap = 300_000_000n
  it('lowers gas above the cap to the cap and keeps the rest of the call', () => {
    expect(capCallGas([{ to: '0x01', gas: '0x1dcd65001' }, 'latest'], cap)).toEqual([{ to: '0x01', gas: '0x11e1a300' }, 'latest'])
  })
  it('leaves gas at or under the cap, and calls without gas, unchanged', () => {
    const atCap = [{ gas: '0x11e1a300' }, 'latest']
    expect(capCallGas(atCap, cap)).toBe(atCap)
    const none = [{ to: '0x01' }, 'latest']
    expect(capCallGas(none, cap)).toBe(none)
  })
})
