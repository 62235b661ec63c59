import type { Hex } from 'viem'
import type { CallFrame, OtsFrame } from '../../contract/tracing.ts'

/**
 * A transaction's call tree as a flat list in document order (each frame before its children), which a
 * virtualized list shows a window of: a frame's descendants are the rows up to its `end`, so collapsing a
 * frame skips a range and a 10,000-frame tree is never walked recursively.
 */

/** One frame, the same whichever tracer gave it (ots_traceTransaction gives no gas and no error). */
export type TraceFrame = {
  type: string
  from: Hex
  to: Hex | null
  value: bigint | null
  gasUsed: bigint | null
  input: Hex
  output: Hex | null
  /** Why the frame failed ("execution reverted", "out of gas", …); null when it did not, or the tracer cannot say. */
  error: string | null
}

export type TraceRow = {
  frame: TraceFrame
  depth: number
  /** The parent's row, -1 for the top frame. */
  parent: number
  /** The row after the frame's last descendant. */
  end: number
}

export type CallTree = {
  rows: TraceRow[]
  /** Where the failure began: the failed frame whose revert its callers passed up unchanged; null when nothing failed. */
  revertingRow: number | null
  /** Whether the tracer says which frames failed (callTracer does; ots_traceTransaction does not). */
  knowsErrors: boolean
}

const bigintOrNull = (hex: Hex | undefined | null) => (hex === undefined || hex === null ? null : BigInt(hex))

function frameOf(call: CallFrame): TraceFrame {
  return {
    type: call.type.toUpperCase(),
    from: call.from,
    to: call.to ?? null,
    value: bigintOrNull(call.value),
    gasUsed: bigintOrNull(call.gasUsed),
    input: call.input,
    output: call.output ?? null,
    error: call.error ?? null,
  }
}

/** callTracer's nested answer, flattened without recursion (a tree can be 1,024 calls deep). */
export function treeFromCallTracer(top: CallFrame): CallTree {
  const rows: TraceRow[] = []
  // Each entry: a frame to place, its parent's row, its depth. Children pushed in reverse come off in order.
  const stack: Array<{ call: CallFrame; parent: number; depth: number }> = [{ call: top, parent: -1, depth: 0 }]
  const open: number[] = []
  while (stack.length > 0) {
    const { call, parent, depth } = stack.pop()!
    // Frames still open deeper than this one have ended: their descendants are all placed.
    while (open.length > 0 && rows[open.at(-1)!]!.depth >= depth) rows[open.pop()!]!.end = rows.length
    const index = rows.length
    rows.push({ frame: frameOf(call), depth, parent, end: index + 1 })
    open.push(index)
    const children = call.calls ?? []
    for (let child = children.length - 1; child >= 0; child--) stack.push({ call: children[child]!, parent: index, depth: depth + 1 })
  }
  for (const index of open) rows[index]!.end = rows.length
  return { rows, revertingRow: revertingRow(rows), knowsErrors: true }
}

/** ots_traceTransaction's list: every frame in document order with its depth, the transaction's own call first (depth 0). */
export function treeFromOts(frames: readonly OtsFrame[]): CallTree {
  const rows: TraceRow[] = []
  const path: number[] = []
  for (const entry of frames) {
    while (path.length > entry.depth) rows[path.pop()!]!.end = rows.length
    const index = rows.length
    rows.push({
      frame: { type: entry.type.toUpperCase(), from: entry.from, to: entry.to ?? null, value: bigintOrNull(entry.value), gasUsed: null, input: entry.input ?? '0x', output: entry.output ?? null, error: null },
      depth: entry.depth,
      parent: path.at(-1) ?? -1,
      end: index + 1,
    })
    path.push(index)
  }
  for (const index of path) rows[index]!.end = rows.length
  return { rows, revertingRow: null, knowsErrors: false }
}

/**
 * From the top frame down, while the failed frame's last failed call handed up exactly the revert data the
 * frame itself ended with (Solidity bubbles a callee's revert unchanged): the frame where the revert began.
 * A frame that caught its callee's failure and failed with data of its own is where it began.
 */
function revertingRow(rows: readonly TraceRow[]): number | null {
  if (rows.length === 0 || rows[0]!.frame.error === null) return null
  let current = 0
  for (;;) {
    let lastFailed = -1
    for (let child = current + 1; child < rows[current]!.end; child = rows[child]!.end) {
      if (rows[child]!.frame.error !== null) lastFailed = child
    }
    if (lastFailed < 0 || (rows[lastFailed]!.frame.output ?? '0x') !== (rows[current]!.frame.output ?? '0x')) return current
    current = lastFailed
  }
}

/** The rows shown with `collapsed` frames closed: a closed frame's descendants are skipped as one range. */
export function visibleRows(tree: CallTree, collapsed: ReadonlySet<number>): number[] {
  const shown: number[] = []
  for (let index = 0; index < tree.rows.length; ) {
    shown.push(index)
    index = collapsed.has(index) ? tree.rows[index]!.end : index + 1
  }
  return shown
}

/** Frames shown open at first in a long tree: this deep, and every frame on the way to the one where a revert began. */
export const openDepthOfLongTrees = 2
export const longTreeRows = 500

/** The frames closed at first: none in a short tree; in a long one those deeper than openDepthOfLongTrees, except on the reverting path. */
export function initiallyCollapsed(tree: CallTree): Set<number> {
  const collapsed = new Set<number>()
  if (tree.rows.length <= longTreeRows) return collapsed
  const onRevertPath = new Set<number>()
  for (let row = tree.revertingRow ?? -1; row >= 0; row = tree.rows[row]!.parent) onRevertPath.add(row)
  tree.rows.forEach((row, index) => {
    if (row.end > index + 1 && row.depth >= openDepthOfLongTrees && !onRevertPath.has(index)) collapsed.add(index)
  })
  return collapsed
}
