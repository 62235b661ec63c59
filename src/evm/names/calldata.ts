import { decodeFunctionData, type AbiFunction, type Hex } from 'viem'
import { formatAbiItem } from 'viem/utils'
import type { Names } from './names.ts'

export type CalldataArgument = { name: string; type: string; value: unknown }

/** What the first 32-byte words of unknown calldata most likely hold: a guess, said as one. */
export type WordGuess = 'zero' | 'address' | 'small number' | 'offset or length' | 'negative number' | 'bytes32 or large number'

export type CalldataWord = { offset: number; hex: Hex; guess: WordGuess }

export type DescribedCalldata =
  | { kind: 'empty' }
  | { kind: 'creation' }
  /** Fewer than 4 bytes: no selector. */
  | { kind: 'data' }
  /** source: the called contract's published ABI, or a known signature (the table's, or another published ABI's). */
  | { kind: 'known'; selector: Hex; name: string; signature: string; args: CalldataArgument[]; source: 'contract' | 'table'; contract: string | null }
  | { kind: 'unknown'; selector: Hex; words: CalldataWord[]; trailingBytes: number }

/** The guessed type of one argument word (ABI encoding: static values and offsets are all 32-byte words). */
export function guessWord(word: Hex, dataBytes: number): WordGuess {
  const digits = word.slice(2)
  const value = BigInt(word)
  if (value === 0n) return 'zero'
  // A dynamic argument's head is its offset, a multiple of 32 inside the data; a length is small too.
  if (value % 32n === 0n && value < BigInt(dataBytes)) return 'offset or length'
  if (digits.startsWith('ffffffff')) return 'negative number'
  // 12 zero bytes, then 20 bytes that are not a small number: how an address is padded.
  if (digits.startsWith('0'.repeat(24)) && value >= 2n ** 128n) return 'address'
  if (value < 2n ** 64n) return 'small number'
  return 'bytes32 or large number'
}

/** Splits the arguments into 32-byte words and guesses each; a partial last word is left as trailing bytes. */
export function splitWords(input: Hex): { words: CalldataWord[]; trailingBytes: number } {
  const body = input.slice(10)
  const dataBytes = body.length / 2
  const words: CalldataWord[] = []
  for (let offset = 0; offset + 64 <= body.length; offset += 64) {
    const hex = `0x${body.slice(offset, offset + 64)}` as Hex
    words.push({ offset: offset / 2, hex, guess: guessWord(hex, dataBytes) })
  }
  return { words, trailingBytes: (body.length % 64) / 2 }
}

function tryDecode(item: AbiFunction, input: Hex): CalldataArgument[] | null {
  try {
    const decoded = decodeFunctionData({ abi: [item], data: input })
    const values = (decoded.args ?? []) as readonly unknown[]
    return item.inputs.map((parameter, index) => ({ name: parameter.name || `arg${index}`, type: parameter.type, value: values[index] }))
  } catch {
    return null
  }
}

/**
 * A transaction's input as people read it: the function and its named arguments when a known ABI decodes it
 * (the called contract's own ABI first, then the table's candidates, the first that decodes), else the
 * selector and the arguments as 32-byte words with guessed types.
 */
export function describeCalldata(input: Hex, names: Names | null, to: string | null): DescribedCalldata {
  if (to === null) return { kind: 'creation' }
  if (input === '0x') return { kind: 'empty' }
  if (input.length < 10) return { kind: 'data' }
  const selector = input.slice(0, 10).toLowerCase() as Hex
  const found = firstDecoding(input, names, to)
  if (found) {
    const { item, source, args } = found
    return { kind: 'known', selector, name: item.name, signature: formatAbiItem(item), args, source, contract: names?.contractAt(to)?.name ?? null }
  }
  return { kind: 'unknown', selector, ...splitWords(input) }
}

/** The function a call's input decodes with (the called contract's own ABI first, then the table's candidates), or null. */
export function calledFunction(input: Hex, names: Names | null, to: string | null): AbiFunction | null {
  if (to === null || input.length < 10) return null
  return firstDecoding(input, names, to)?.item ?? null
}

function firstDecoding(input: Hex, names: Names | null, to: string): { item: AbiFunction; source: 'contract' | 'table'; args: CalldataArgument[] } | null {
  const selector = input.slice(0, 10).toLowerCase() as Hex
  const own = (names?.contractAt(to)?.abi ?? []).filter((item): item is AbiFunction => item.type === 'function')
  const candidates: Array<{ item: AbiFunction; source: 'contract' | 'table' }> = [
    ...own.map((item) => ({ item, source: 'contract' as const })),
    ...(names?.functionCandidates(selector) ?? []).map((item) => ({ item, source: 'table' as const })),
  ]
  for (const { item, source } of candidates) {
    const args = tryDecode(item, input)
    if (args) return { item, source, args }
  }
  return null
}

/** A list's Method column: the function's name, or the selector; plain ether "Transfer"; a deployment "Create". */
export function methodLabel(input: Hex, to: string | null, names: Names | null): { label: string; title: string } {
  const described = describeCalldata(input, names, to)
  switch (described.kind) {
    case 'creation':
      return { label: 'Create', title: 'A contract creation: the input is creation code' }
    case 'empty':
      return { label: 'Transfer', title: 'No input data: a plain ether transfer' }
    case 'data':
      return { label: 'data', title: 'Fewer than 4 bytes of input: not a function call' }
    case 'known':
      return { label: described.name, title: `${described.signature} · selector ${described.selector}` }
    case 'unknown':
      return { label: described.selector, title: `Function selector ${described.selector} (no known signature)` }
  }
}
