import { describe, expect, it } from 'vitest'
import { addressPath, blockPath, blockReceiptsPath, blockTxPath, parseBlockId, parseIndex, txPath, unclePath } from './urls.ts'

const hash = '0xA2ACB9A957DFB3B8877D534D411980166A6A5BA33358CE133652D29A3719AA56'

describe('paths', () => {
  it('write one URL per thing', () => {
    expect(blockPath(16_500_000n)).toBe('/block/16500000')
    expect(blockPath('latest')).toBe('/block/latest')
    expect(blockPath(hash)).toBe(`/block/${hash.toLowerCase()}`)
    expect(blockReceiptsPath(12n)).toBe('/block/12/receipts')
    expect(blockTxPath(12n, 3)).toBe('/block/12/tx/3')
    expect(blockTxPath(hash, 0x94n)).toBe(`/block/${hash.toLowerCase()}/tx/148`)
    expect(txPath(hash)).toBe(`/tx/${hash.toLowerCase()}`)
    expect(unclePath(9_515_350n, 0)).toBe('/uncle/9515350/0')
    expect(addressPath('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('/address/0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')
  })
})

describe('parseBlockId', () => {
  it('reads numbers, tags and hashes', () => {
    expect(parseBlockId('123')).toEqual({ kind: 'number', number: 123n })
    expect(parseBlockId('0x7b')).toEqual({ kind: 'number', number: 123n })
    expect(parseBlockId('Latest')).toEqual({ kind: 'tag', tag: 'latest' })
    expect(parseBlockId('finalized')).toEqual({ kind: 'tag', tag: 'finalized' })
    expect(parseBlockId(hash)).toEqual({ kind: 'hash', hash: hash.toLowerCase() })
  })

  it('refuses the rest', () => {
    for (const junk of ['', '-1', '1.5', '0x', 'abc', 'latest1', `${hash}00`, '1e5']) expect(parseBlockId(junk)).toBeNull()
    expect(parseIndex('0xg')).toBeNull()
    expect(parseIndex('007')).toBe(7n)
  })
})
