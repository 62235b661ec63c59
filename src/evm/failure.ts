import { isHex, numberToHex, type Abi, type Address, type Hex } from 'viem'
import { decodeRevert, describeRevert } from '../../contract/revert.ts'

/**
 * Why a mined transaction failed, for the parts that need no node: the eth_call that replays it, what the
 * gas says, and where a node put the revert payload in its error.
 */

/** The fields of a transaction a replay needs (a mined one: it has a block). */
export type ReplaySource = { from: Address; to: Address | null; value: Hex; input: Hex; gas: Hex; blockNumber: Hex | null }

/** An eth_call request and the block to run it on. */
export type Replay = { request: { from: Address; to?: Address; value: Hex; data: Hex; gas: Hex }; block: Hex }

/**
 * The transaction as an eth_call on its parent block's state: same sender, recipient, value, input and gas
 * limit. No fee fields, so the node charges nothing and the sender's balance only has to cover the value
 * (the fee was paid when it was mined). A creation has no `to`: the node then runs the input as init code.
 * The parent block's state is the state *before the block*, not before the transaction: whatever ran
 * earlier in the same block is missing, which is why the page calls it a replay whose state may differ.
 * Null while pending (no block) and for block 0 (no parent).
 */
export function replayOf(transaction: ReplaySource): Replay | null {
  if (transaction.blockNumber === null) return null
  const number = BigInt(transaction.blockNumber)
  if (number === 0n) return null
  const request = { from: transaction.from, value: transaction.value, data: transaction.input, gas: transaction.gas }
  return { request: transaction.to ? { ...request, to: transaction.to } : request, block: numberToHex(number - 1n) }
}

/** What the replay's eth_call answered. */
export type ReplayOutcome =
  /** REVERT: the node's message, and the raw payload it sent (null when it sent none). */
  | { kind: 'reverted'; message: string; code: number; data: Hex | null }
  /** It ran to the end this time: the failure depended on state that changed, or on the gas. */
  | { kind: 'succeeded'; result: Hex }
  /** Any other JSON-RPC error: the node would not (or could not) run it — out of gas, intrinsic gas, a limit. */
  | { kind: 'refused'; message: string; code: number }

export type FailureReason =
  /** ots_getTransactionError: the payload recorded when it was mined (`0x` when it reverted with none, or halted). */
  | { via: 'ots'; data: Hex }
  /** The transaction replayed as eth_call on its parent block. `otsRefused` says why the node's record was not used. */
  | { via: 'replay'; replay: Replay; outcome: ReplayOutcome; otsRefused: string | null }
  /** Nothing to replay: the transaction could not be read (a sample may hold only the receipt), or it is in block 0. */
  | { via: 'none'; why: string; otsRefused: string | null }

/** The gas used against the limit; `exhausted` when every unit went (a failed transaction gets no refund). */
export type GasVerdict = { used: bigint; limit: bigint; exhausted: boolean }

/**
 * A failure that used all its gas most likely ran out of it: an exceptional halt (out of gas, invalid
 * opcode) consumes the whole limit, while a REVERT hands the rest back, so a revert that uses exactly the
 * limit would be a coincidence.
 */
export function gasVerdict(gasUsed: Hex, gasLimit: Hex): GasVerdict {
  const used = BigInt(gasUsed)
  const limit = BigInt(gasLimit)
  return { used, limit, exhausted: used >= limit }
}

/**
 * The revert payload in a JSON-RPC error's `data`: the spec's plain hex string, or the `{ data: hex }`
 * some clients and proxies wrap it in. Null when there is none.
 */
export function revertPayload(data: unknown): Hex | null {
  if (typeof data === 'string' && isHex(data)) return data
  const inner = (data as { data?: unknown } | null | undefined)?.data
  return typeof inner === 'string' && isHex(inner) ? inner : null
}

/**
 * Whether a JSON-RPC error is the EVM reverting the call: the spec's code 3, or the words engines use with
 * another code. Hardhat 2 answers a revert with -32603 "Error: Transaction reverted without a reason string"
 * or "Error: VM Exception while processing transaction: reverted with reason string '…'"; geth-style nodes
 * with "execution reverted".
 */
export function isRevertError(error: { code: number; message: string }): boolean {
  if (error.code === 3) return true
  return /^(error: )?(execution reverted|transaction reverted|vm exception while processing transaction: revert)/i.test(error.message)
}

const ranOutOfGas = 'it used its whole gas limit, so it most likely ran out of gas'

/** The revert payload in one line, or null when there is none to read. */
function payloadText(data: Hex | null, abi: Abi): string | null {
  return data && data !== '0x' ? describeRevert(decodeRevert(data, abi)) : null
}

/**
 * The answer in one plain sentence, for the top of the "why it failed" panel; the evidence (source, gas,
 * decoded payload, raw data) is laid out beneath it. `abi` names custom errors.
 */
export function failureHeadline(reason: FailureReason, gas: GasVerdict | null, abi: Abi): string {
  const exhausted = gas?.exhausted === true
  switch (reason.via) {
    case 'ots': {
      const text = payloadText(reason.data, abi)
      if (text !== null) return `Reverted: ${text}`
      return exhausted ? `Out of gas: ${ranOutOfGas}; it left no revert data.` : 'Reverted without a reason: revert(), or require(condition) with no message.'
    }
    case 'replay': {
      const { outcome } = reason
      if (outcome.kind === 'reverted') {
        const text = payloadText(outcome.data, abi)
        if (text !== null) return `Reverted (replayed): ${text}`
        return exhausted ? `Out of gas: ${ranOutOfGas}; the replay reverted without data.` : 'Reverted without a reason (replayed): revert(), or require(condition) with no message.'
      }
      if (outcome.kind === 'succeeded') {
        return exhausted
          ? `The replay ran through, but when mined ${ranOutOfGas}.`
          : 'The replay ran through: the failure depended on state that has changed (transactions earlier in its block, which the replay does not see, or later ones).'
      }
      return `The node would not replay it (${outcome.message})${exhausted ? `; when mined ${ranOutOfGas}` : ''}.`
    }
    case 'none':
      return exhausted ? `Out of gas: ${ranOutOfGas}.` : `Not known: ${reason.why}.`
  }
}
