import { numberToHex, size, type Hex } from 'viem'

/**
 * Tiny hand-assembled EVM init code, so gateway tests can make exact situations on the real node
 * (N logs in one transaction, a revert with a chosen payload) without depending on the demo scenario.
 */

/** Init code that emits `count` LOG1 events (empty data, topic = the counter, count down to 1). */
export function logBombInitCode(count: number): Hex {
  if (count < 1 || count > 0xffff) throw new Error('count must fit in PUSH2')
  // PUSH2 count; JUMPDEST; DUP1; PUSH1 0; PUSH1 0; LOG1; PUSH1 1; SWAP1; SUB; DUP1; PUSH1 3; JUMPI; STOP
  return `0x61${count.toString(16).padStart(4, '0')}5b80600060 00a16001900380600357 00`.replace(/ /g, '') as Hex
}

/** Init code that reverts with exactly `payload` as its return data. */
export function revertInitCode(payload: Hex): Hex {
  const length = size(payload)
  if (length > 0xff) throw new Error('payload must be under 256 bytes')
  const len = numberToHex(length, { size: 1 }).slice(2)
  // PUSH1 len; PUSH1 12 (payload offset in code); PUSH1 0; CODECOPY; PUSH1 len; PUSH1 0; REVERT; payload
  return `0x60${len}600c600039 60${len}6000fd${payload.slice(2)}`.replace(/ /g, '') as Hex
}

/** Init code whose return value is the gas left when it runs: shows what gas the node really gave a call. */
export const gasLeftInitCode: Hex = '0x5a60005260206000f3'

/**
 * Init code that makes `count` STATICCALLs to the empty address 0xaa, one frame each in a call trace
 * (PUSH2 count; JUMPDEST; STATICCALL(gas, 0xaa, 0, 0, 0, 0); POP; count - 1; JUMPI back while not zero; STOP).
 */
export function staticCallLoopInitCode(count: number): Hex {
  if (count < 1 || count > 0xffff) throw new Error('count must fit in PUSH2')
  return `0x61${count.toString(16).padStart(4, '0')}5b 6000600060006000 60aa 5afa50 60019003 80600357 00`.replace(/ /g, '') as Hex
}
