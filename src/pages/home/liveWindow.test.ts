import type { Hash, Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../rpc/schemas.ts'
import { blocksForTransactions, blocksToRead, feeAxis, formatShare, gasAxisTop, gasRatio, isLinkedChain, joinWindow, latestTransactions, type ChainBlock } from './liveWindow.ts'

const hashOf = (number: number, branch = 'a'): Hash => `0x${branch.repeat(2)}${number.toString(16).padStart(62, '0')}` as Hash

function block(number: number, branch = 'a', parentBranch = branch): ChainBlock {
  return {
    number: `0x${number.toString(16)}` as Hex,
    hash: hashOf(number, branch),
    parentHash: hashOf(number - 1, parentBranch),
    timestamp: `0x${(1_700_000_000 + number).toString(16)}` as Hex,
    gasUsed: '0x5208',
    gasLimit: '0x1c9c380',
    baseFeePerGas: '0x3b9aca00',
  }
}

const range = (from: number, to: number, branch = 'a') => Array.from({ length: to - from + 1 }, (_, index) => block(from + index, branch))
const numbers = (blocks: readonly ChainBlock[]) => blocks.map((entry) => Number(BigInt(entry.number)))

describe('joinWindow', () => {
  it('puts the history that links below the stream, oldest first, up to the size', () => {
    const heads = range(100, 102)
    const history = range(90, 99).reverse() // newest first, as recentBlocksQuery gives it
    const joined = joinWindow(history, heads, 8)
    expect(numbers(joined)).toEqual([95, 96, 97, 98, 99, 100, 101, 102])
    expect(isLinkedChain(joined)).toBe(true)
  })

  it('keeps only the newest `size` heads once the stream has enough', () => {
    const heads = range(1, 60)
    expect(numbers(joinWindow(undefined, heads, 50))).toEqual(numbers(range(11, 60)))
  })

  it('stops the history where a block is from another branch (a reorg raced the read)', () => {
    const heads = range(100, 101)
    // 99 is canonical, 98 came from a branch that lost: 99's parent is not that block.
    const history = [block(99), block(98, 'b'), block(97, 'b')]
    expect(numbers(joinWindow(history, heads, 10))).toEqual([99, 100, 101])
  })

  it('stops the history at a hole or a block of the wrong number', () => {
    const heads = range(100, 100)
    expect(numbers(joinWindow([block(99), null, block(97)], heads, 10))).toEqual([99, 100])
    expect(numbers(joinWindow([block(98)], heads, 10))).toEqual([100])
  })

  it('is empty without heads, and near genesis holds what there is', () => {
    expect(joinWindow(range(1, 5).reverse(), [], 10)).toEqual([])
    const joined = joinWindow([block(1), block(0)], range(2, 3), 50)
    expect(numbers(joined)).toEqual([0, 1, 2, 3])
  })
})

describe('isLinkedChain', () => {
  it('sees a gap, a repeat and a wrong parent', () => {
    expect(isLinkedChain(range(5, 9))).toBe(true)
    expect(isLinkedChain([block(5), block(7)])).toBe(false)
    expect(isLinkedChain([block(5), block(5)])).toBe(false)
    expect(isLinkedChain([block(5), block(6, 'a', 'c')])).toBe(false)
  })
})

describe('blocksForTransactions', () => {
  it('takes the newest blocks until they hold enough transactions, and one more', () => {
    const counts = [4, 0, 5, 3, 7, 2]
    expect(blocksForTransactions(counts, (count) => count, 10)).toEqual([4, 0, 5, 3, 7])
    expect(blocksForTransactions(counts, (count) => count, 3)).toEqual([4, 0])
  })

  it('takes a block whose count is unknown without counting it, and stops at the end of the list', () => {
    expect(blocksForTransactions([undefined, 6, 6, 1], (count) => count, 10)).toEqual([undefined, 6, 6, 1])
    expect(blocksForTransactions([1, 1], (count) => count, 10)).toEqual([1, 1])
  })
})

describe('blocksToRead', () => {
  it('leaves out the blocks known to hold no transaction, and keeps those whose count is unknown', () => {
    expect(blocksToRead([4, 0, undefined, 0, 7], (count) => count)).toEqual([4, undefined, 7])
    expect(blocksToRead([0, 0, 0], (count) => count)).toEqual([])
  })
})

describe('latestTransactions', () => {
  const tx = (name: string) => ({ hash: name }) as unknown as Transaction
  const full = (number: number, names: string[]) => ({ number: `0x${number.toString(16)}` as Hex, timestamp: '0x10' as Hex, transactions: names.map(tx) })

  it('takes the newest first: the last transaction of the newest block first, then older blocks', () => {
    const rows = latestTransactions([full(9, ['a', 'b']), full(8, []), full(7, ['c', 'd', 'e'])], 4)
    expect(rows.map((row) => [row.transaction.hash, row.blockNumber])).toEqual([
      ['b', 9n],
      ['a', 9n],
      ['e', 7n],
      ['d', 7n],
    ])
  })

  it('skips blocks still loading at the top, and ends at one loading further down', () => {
    expect(latestTransactions([undefined, full(8, ['a']), undefined, full(6, ['b'])], 10).map((row) => row.transaction.hash)).toEqual(['a'])
    expect(latestTransactions([undefined, undefined], 10)).toEqual([])
  })

  it('holds at most `count` rows however many blocks there are', () => {
    const blocks = Array.from({ length: 300 }, (_, index) => full(1000 - index, ['x', 'y', 'z']))
    expect(latestTransactions(blocks, 10)).toHaveLength(10)
  })
})

describe('chart scales', () => {
  it('gas share, exact to a millionth', () => {
    expect(gasRatio({ gasUsed: '0x0', gasLimit: '0x0' })).toBe(0)
    // 500,000 of 30,000,000, cut (not rounded) to millionths.
    expect(gasRatio({ gasUsed: '0x7a120', gasLimit: '0x1c9c380' })).toBe(0.016666)
  })

  it('gas axis: the smallest round share at or above the fullest block', () => {
    expect(gasAxisTop(0)).toBe(0.01)
    expect(gasAxisTop(0.011)).toBe(0.02)
    expect(gasAxisTop(0.3)).toBe(0.5)
    expect(gasAxisTop(0.99)).toBe(1)
    expect(gasAxisTop(1.5)).toBe(1)
    expect([0.01, 0.005, 0.25, 1].map(formatShare)).toEqual(['1%', '0.5%', '25%', '100%'])
  })

  it('fee axis spans the values with headroom; a flat series sits in the middle', () => {
    const axis = feeAxis([7n, 10n, 9n])
    expect([axis.low, axis.high]).toEqual([7n, 10n])
    expect(axis.position(7n)).toBeCloseTo(0.1)
    expect(axis.position(10n)).toBeCloseTo(0.9)
    expect(feeAxis([5n, 5n]).position(5n)).toBe(0.5)
    expect(feeAxis([]).position(1n)).toBe(0.5)
  })
})
