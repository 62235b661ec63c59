import { encodeFunctionData, erc20Abi, parseAbi, toFunctionSelector, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { installedSignatureTable } from '../../../scripts/signatureTable.ts'
import { describeCalldata, guessWord, methodLabel, splitWords } from './calldata.ts'
import { createNames } from './names.ts'

const table = installedSignatureTable(process.cwd())
const names = createNames(table, [])
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('describeCalldata with the installed table', () => {
  it('names a token transfer and decodes its arguments by the standard ABI', () => {
    const input = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 12_345n] })
    const described = describeCalldata(input, names, to)
    expect(described).toMatchObject({ kind: 'known', selector: '0xa9059cbb', name: 'transfer', signature: 'transfer(address,uint256)', source: 'table' })
    expect(described.kind === 'known' && described.args.map((argument) => [argument.type, argument.value])).toEqual([
      ['address', to],
      ['uint256', 12_345n],
    ])
  })

  it('prefers the ABI the deployment publishes for the called contract, with its names', () => {
    const abi = parseAbi(['function setValue(uint256 newValue)', 'error TooLarge(uint256 value, uint256 limit)'])
    const withOwn = createNames(table, [{ name: 'Reverter', address: to, abi }])
    const input = encodeFunctionData({ abi, functionName: 'setValue', args: [5000n] })
    expect(describeCalldata(input, withOwn, to.toLowerCase())).toMatchObject({ kind: 'known', name: 'setValue', source: 'contract', contract: 'Reverter', args: [{ name: 'newValue', value: 5000n }] })
    // Another address: still named (our ABIs are known signatures too), but not said to be that contract's.
    expect(describeCalldata(input, withOwn, '0x0000000000000000000000000000000000000001')).toMatchObject({ kind: 'known', name: 'setValue', contract: null })
    // Without the published ABI, nothing knows setValue: the selector and words.
    expect(describeCalldata(input, names, to).kind).toBe('unknown')
    expect(withOwn.errorCandidates(toFunctionSelector('function TooLarge(uint256,uint256)'))[0]?.name).toBe('TooLarge')
  })

  it('does not name a known selector whose arguments do not decode: the words instead', () => {
    expect(describeCalldata('0xa9059cbb1234', names, to)).toEqual({ kind: 'unknown', selector: '0xa9059cbb', words: [], trailingBytes: 2 })
  })

  it('tells plain transfers, creations and stray bytes apart', () => {
    expect(describeCalldata('0x', names, to)).toEqual({ kind: 'empty' })
    expect(describeCalldata('0x6080604052', names, null)).toEqual({ kind: 'creation' })
    expect(describeCalldata('0x1234', names, to)).toEqual({ kind: 'data' })
    expect(methodLabel('0x', to, names).label).toBe('Transfer')
    expect(methodLabel('0x60806040', null, names).label).toBe('Create')
  })

  it('labels a list row by name where known and by selector where not, before the names load too', () => {
    const input = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [to, 1n] })
    expect(methodLabel(input, to, names)).toEqual({ label: 'approve', title: 'approve(address,uint256) · selector 0x095ea7b3' })
    expect(methodLabel(input, to, null).label).toBe('0x095ea7b3')
  })
})

describe('guessing the words of unknown calldata', () => {
  // ABI encoding by viem of a call with known argument types: each guess can be checked against the type.
  const abi = parseAbi(['function mystery(address who, uint256 amount, string note, int256 delta, bytes32 tag)'])
  const tag = `0x${'ab'.repeat(32)}` as Hex
  const input = encodeFunctionData({ abi, functionName: 'mystery', args: [to, 7n, 'hi', -5n, tag] })
  const withoutSelector = `0x12345678${input.slice(10)}` as Hex

  it('splits into 32-byte words and guesses each from its shape', () => {
    const { words, trailingBytes } = splitWords(withoutSelector)
    expect(trailingBytes).toBe(0)
    expect(words.map((word) => word.guess)).toEqual([
      'address', // who
      'small number', // amount
      'offset or length', // the string's offset (0xa0)
      'negative number', // delta
      'bytes32 or large number', // tag
      'small number', // the string's length (2)
      'bytes32 or large number', // "hi", left-aligned
    ])
    expect(words[0]?.offset).toBe(0)
    expect(words[6]?.offset).toBe(192)
  })

  it('reads a zero word as zero', () => {
    expect(guessWord(`0x${'0'.repeat(64)}`, 64)).toBe('zero')
  })
})
