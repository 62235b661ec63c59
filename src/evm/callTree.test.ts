import { describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import type { CallFrame } from '../../contract/tracing.ts'
import { initiallyCollapsed, longTreeRows, treeFromCallTracer, treeFromOts, visibleRows } from './callTree.ts'

const a = (n: number): Hex => `0x${n.toString(16).padStart(40, '0')}`
const call = (to: number, calls: CallFrame[] = [], extra: Partial<CallFrame> = {}): CallFrame => ({ type: 'CALL', from: a(0), to: a(to), input: '0x', calls, ...extra })

describe('treeFromCallTracer', () => {
  it('lists frames before their children, each with its depth, parent and the end of its descendants', () => {
    // 1 ─┬─ 2 ── 3
    //    └─ 4
    const tree = treeFromCallTracer(call(1, [call(2, [call(3)]), call(4)]))
    expect(tree.rows.map((row) => [row.frame.to, row.depth, row.parent, row.end])).toEqual([
      [a(1), 0, -1, 4],
      [a(2), 1, 0, 3],
      [a(3), 2, 1, 3],
      [a(4), 1, 0, 4],
    ])
    expect(tree.revertingRow).toBeNull()
  })

  it('reads values and gas as numbers and names the call type in capitals', () => {
    const [top] = treeFromCallTracer({ type: 'delegatecall', from: a(1), to: a(2), input: '0x1234', value: '0x10', gasUsed: '0x5208', output: '0xab' }).rows
    expect(top!.frame).toEqual({ type: 'DELEGATECALL', from: a(1), to: a(2), value: 16n, gasUsed: 21000n, input: '0x1234', output: '0xab', error: null })
  })

  it('finds where a revert began: the deepest failed frame whose revert data its callers passed up unchanged', () => {
    const reason: Hex = '0x08c379a0aa'
    const bubbled = treeFromCallTracer(call(1, [call(2), call(3, [call(4, [], { error: 'execution reverted', output: reason })], { error: 'execution reverted', output: reason })], { error: 'execution reverted', output: reason }))
    expect(bubbled.revertingRow).toBe(3)
    // The caller caught the failure and failed with data of its own: the revert began in the caller.
    const caught = treeFromCallTracer(call(1, [call(2, [], { error: 'execution reverted', output: reason })], { error: 'execution reverted', output: '0xbeef' }))
    expect(caught.revertingRow).toBe(0)
    // No revert data anywhere (out of gas inside, a bare revert outside): both empty, so it began inside.
    const empty = treeFromCallTracer(call(1, [call(2, [], { error: 'out of gas' })], { error: 'execution reverted' }))
    expect(empty.revertingRow).toBe(1)
  })

  it('flattens a tree 3,000 calls deep without recursion', () => {
    let frame = call(3000)
    for (let depth = 2999; depth >= 1; depth--) frame = call(depth, [frame])
    const tree = treeFromCallTracer(frame)
    expect(tree.rows).toHaveLength(3000)
    expect(tree.rows.at(-1)!.depth).toBe(2999)
    expect(tree.rows.every((row) => row.end === 3000)).toBe(true)
  })
})

describe('treeFromOts', () => {
  it('nests ots_traceTransaction frames by their depths, the transaction’s own call first', () => {
    const tree = treeFromOts([
      { type: 'CALL', depth: 0, from: a(0), to: a(1), value: '0x0', input: '0x', output: '0x' },
      { type: 'CALL', depth: 1, from: a(1), to: a(2), value: '0x0', input: '0x', output: '0x' },
      { type: 'staticcall', depth: 2, from: a(2), to: a(3), value: null, input: '0x', output: '0x' },
      { type: 'CALL', depth: 1, from: a(1), to: a(4), value: '0x1', input: '0x', output: '0x' },
    ])
    expect(tree.rows.map((row) => [row.frame.to, row.frame.type, row.depth, row.parent, row.end])).toEqual([
      [a(1), 'CALL', 0, -1, 4],
      [a(2), 'CALL', 1, 0, 3],
      [a(3), 'STATICCALL', 2, 1, 3],
      [a(4), 'CALL', 1, 0, 4],
    ])
    expect(tree.knowsErrors).toBe(false)
  })
})

describe('visibleRows and initiallyCollapsed', () => {
  it('skips a closed frame’s descendants', () => {
    const tree = treeFromCallTracer(call(1, [call(2, [call(3), call(4)]), call(5)]))
    expect(visibleRows(tree, new Set())).toEqual([0, 1, 2, 3, 4])
    expect(visibleRows(tree, new Set([1]))).toEqual([0, 1, 4])
    expect(visibleRows(tree, new Set([0]))).toEqual([0])
  })

  it('opens a short tree whole, and a long one to depth 2 plus the way to the reverting frame', () => {
    expect(initiallyCollapsed(treeFromCallTracer(call(1, [call(2, [call(3, [call(4)])])]))).size).toBe(0)
    // Many leaves under frames at depth 2, and one failure deep under the last of them.
    const leaves = (count: number) => Array.from({ length: count }, (_, index) => call(100 + index))
    const failing = call(9, [call(10, [], { error: 'execution reverted' })], { error: 'execution reverted' })
    const tree = treeFromCallTracer(call(1, [call(2, [call(3, leaves(longTreeRows)), call(4, [call(5, leaves(3)), failing], { error: 'execution reverted' })], { error: 'execution reverted' })], { error: 'execution reverted' }))
    const collapsed = initiallyCollapsed(tree)
    const rowOf = (to: number) => tree.rows.findIndex((row) => row.frame.to === a(to))
    expect(tree.revertingRow).toBe(rowOf(10))
    expect([...collapsed].sort((x, y) => x - y)).toEqual([rowOf(3), rowOf(5)])
  })
})
