import type { Hex } from 'viem'

const PUSH0 = 0x5f
const PUSH1 = 0x60
const PUSH32 = 0x7f
const DUP1 = 0x80
const DUP16 = 0x8f
const EQ = 0x14
const SUB = 0x03
const XOR = 0x18
const SHR = 0x1c
const JUMPI = 0x57

type Instruction = { op: number; value: string | null }

/** The code as instructions: PUSHn carries its n bytes as hex (a push cut short by the code's end is kept short). */
function instructions(code: Hex): Instruction[] {
  const bytes = code.slice(2).toLowerCase()
  const list: Instruction[] = []
  for (let at = 0; at < bytes.length; ) {
    const op = parseInt(bytes.slice(at, at + 2), 16)
    at += 2
    if (op >= PUSH1 && op <= PUSH32) {
      const size = op - PUSH1 + 1
      list.push({ op, value: bytes.slice(at, at + size * 2) })
      at += size * 2
    } else {
      list.push({ op, value: op === PUSH0 ? '' : null })
    }
  }
  return list
}

const isDup = (instruction: Instruction | undefined) => !!instruction && instruction.op >= DUP1 && instruction.op <= DUP16
const isPush = (instruction: Instruction | undefined) => !!instruction && instruction.value !== null

/**
 * The function selectors a contract's dispatcher compares the call's selector with. Solidity's dispatcher
 * (legacy and via-IR, optimized or not) compares with `DUP1 PUSH4 <selector> EQ PUSH2 <dest> JUMPI`, or
 * `PUSH4 <selector> DUP2 EQ … JUMPI`, or right after the `SHR` that cuts the selector out of calldata (a
 * contract with one function); via-IR tests its last case the other way round (`PUSH4 <selector> SUB
 * PUSH2 <fallback> JUMPI`: jump away unless equal) right after the previous entry. The optimizer pushes a
 * selector with a leading zero byte as PUSH3. So: a PUSH3/PUSH4 after a DUP, the SHR or the previous
 * entry's JUMPI (or before a DUP), then EQ, SUB or XOR, then a jump target and JUMPI. Comparisons with
 * GT/LT (the dispatcher's binary search) only repeat selectors already found; data after the code
 * (metadata) is walked as instructions too, but seldom forms this pattern. Sorted, each once.
 */
export function selectorsInCode(code: Hex): Hex[] {
  const list = instructions(code)
  const found = new Set<string>()
  // Where the last dispatcher entry's JUMPI was: the next entry may follow it directly.
  let lastEntryJump = -1
  for (let index = 0; index < list.length; index++) {
    const push = list[index]!
    if (push.op !== PUSH1 + 2 && push.op !== PUSH1 + 3) continue
    const before = list[index - 1]
    let next = index + 1
    if (!(isDup(before) || before?.op === SHR || index - 1 === lastEntryJump)) {
      if (!isDup(list[next])) continue
      next++
    }
    const compare = list[next]?.op
    if ((compare !== EQ && compare !== SUB && compare !== XOR) || !isPush(list[next + 1]) || list[next + 2]?.op !== JUMPI) continue
    found.add(`0x${push.value!.padStart(8, '0')}`)
    lastEntryJump = next + 2
  }
  return [...found].sort() as Hex[]
}
