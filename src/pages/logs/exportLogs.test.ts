import { describe, expect, it } from 'vitest'
import type { Log } from '../../rpc/schemas.ts'
import type { DecodedLog } from './eventDecoder.ts'
import { csvField, logsToCsv, logsToJson } from './exportLogs.ts'

const log = (index: number, extra: Partial<Log> = {}): Log => ({
  removed: false,
  logIndex: `0x${index.toString(16)}`,
  transactionIndex: '0x0',
  transactionHash: `0x${'aa'.repeat(32)}`,
  blockHash: `0x${'bb'.repeat(32)}`,
  blockNumber: '0x1f4',
  address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  data: '0x',
  topics: [`0x${'cc'.repeat(32)}`],
  ...extra,
})

const decoded: DecodedLog = { event: 'Note', source: 'ABI', signature: 'Note(string text, uint256 n)', args: [{ name: 'text', type: 'string', indexed: false, value: 'a, "b"\nc', kind: 'other' }, { name: 'n', type: 'uint256', indexed: false, value: '123456789012345678901234567890', kind: 'number' }] }

describe('export', () => {
  it('CSV: a header and one line per log (line count = logs + 1), numbers in decimal', () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ log: log(i), removed: i === 4 }))
    const csv = logsToCsv(rows, () => null)
    const lines = csv.trimEnd().split('\n')
    expect(lines).toHaveLength(6)
    expect(lines[0]).toBe('blockNumber,blockHash,transactionHash,transactionIndex,logIndex,address,topic0,topic1,topic2,topic3,data,removed,event,args')
    expect(lines[1]!.split(',').slice(0, 5)).toEqual(['500', `0x${'bb'.repeat(32)}`, `0x${'aa'.repeat(32)}`, '0', '0'])
    expect(lines[5]!.split(',')[11]).toBe('true')
  })

  it('CSV: chain text with commas, quotes and line breaks stays on its line, quoted', () => {
    const csv = logsToCsv([{ log: log(0), removed: false }], () => decoded)
    const lines = csv.trimEnd().split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(',Note,"text=a, ""b"" c; n=123456789012345678901234567890"')
    expect(csvField('plain')).toBe('plain')
  })

  it('JSON: the spec’s log objects, removed as observed, decoded arguments as exact text', () => {
    const parsed = JSON.parse(logsToJson([{ log: log(0), removed: true }, { log: log(1), removed: false }], (item) => (item.logIndex === '0x0' ? decoded : null))) as Array<Record<string, unknown>>
    expect(parsed).toHaveLength(2)
    expect(parsed[0]).toMatchObject({ removed: true, blockNumber: '0x1f4', decoded: { event: 'Note', args: { n: '123456789012345678901234567890' } } })
    expect(parsed[1]).not.toHaveProperty('decoded')
  })
})
