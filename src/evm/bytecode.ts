import type { Hex } from 'viem'

const PUSH1 = 0x60
const PUSH4 = 0x63
const PUSH32 = 0x7f
const EQ = 0x14
const DUP2 = 0x81

/**
 * The function selectors a contract's dispatcher compares the call's first 4 bytes with, read from its runtime
 * code. The code is walked opcode by opcode (PUSH data skipped, so bytes inside constants are never read as
 * opcodes). Solidity and Vyper compare with `PUSH4 <selector> EQ` or `PUSH4 <selector> DUP2 EQ`; a PUSH4 into
 * GT/LT (the binary search over many selectors) only splits the range and is not a selector. A heuristic:
 * hand-written code or another compiler can hide its selectors.
 */
export function selectorsInCode(code: Hex): Hex[] {
  const bytes = code.slice(2)
  const length = bytes.length / 2
  const at = (index: number) => (index < length ? parseInt(bytes.slice(index * 2, index * 2 + 2), 16) : -1)
  const found = new Set<Hex>()
  for (let pc = 0; pc < length; ) {
    const op = at(pc)
    if (op === PUSH4 && pc + 5 <= length) {
      const next = at(pc + 5)
      if (next === EQ || (next === DUP2 && at(pc + 6) === EQ)) found.add(`0x${bytes.slice((pc + 1) * 2, (pc + 5) * 2).toLowerCase()}` as Hex)
    }
    pc += op >= PUSH1 && op <= PUSH32 ? op - PUSH1 + 2 : 1
  }
  return [...found]
}
