import { keccak256, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeRevert, describeRevert } from '../../../contract/revert.ts'
import { decodeReturn } from '../../evm/abiValues.ts'
import { abiFunctions, encodeCalldata, findFunction, functionForCalldata, functionKey, parseAbiText, returnWords, signatureLines } from './abiInput.ts'

const holder = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('parseAbiText', () => {
  it('reads bare signatures as functions', () => {
    expect(signatureLines('transfer(address,uint256)\nerror Oops(uint256); // note')).toEqual(['function transfer(address,uint256)', 'error Oops(uint256)'])
    const abi = parseAbiText('transfer(address,uint256)')
    expect(abiFunctions(abi).map(functionKey)).toEqual(['transfer(address,uint256)'])
  })

  it('reads JSON ABIs and artifacts holding one', () => {
    const json = [{ type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'a', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] }]
    expect(abiFunctions(parseAbiText(JSON.stringify(json)))).toHaveLength(1)
    expect(abiFunctions(parseAbiText(JSON.stringify({ abi: json })))).toHaveLength(1)
  })

  it('says what is wrong', () => {
    expect(() => parseAbiText('[1, 2')).toThrow(/does not parse/)
    expect(() => parseAbiText('{"a":1}')).toThrow(/no ABI here/)
    expect(() => parseAbiText('transfer(address')).toThrow(/cannot read the signature/)
  })

  it('finds functions by signature or name', () => {
    const abi = parseAbiText('function balanceOf(address) view returns (uint256)\nfunction f(uint8)\nfunction f(uint16)')
    expect(findFunction(abi, 'balanceOf')?.name).toBe('balanceOf')
    expect(findFunction(abi, 'f(uint16)')?.inputs[0]?.type).toBe('uint16')
    expect(findFunction(abi, 'g()')).toBeNull()
  })
})

describe('encodeCalldata', () => {
  // Selectors from EIP-20's interface: transfer 0xa9059cbb, balanceOf 0x70a08231.
  it('encodes EIP-20 calls', () => {
    const [transfer] = abiFunctions(parseAbiText('transfer(address,uint256)'))
    expect(encodeCalldata(transfer!, [holder, '1 ether'])).toBe(
      `0xa9059cbb${holder.slice(2).toLowerCase().padStart(64, '0')}${(10n ** 18n).toString(16).padStart(64, '0')}`,
    )
    const [balanceOf] = abiFunctions(parseAbiText('balanceOf(address)'))
    expect(encodeCalldata(balanceOf!, [holder.toLowerCase()]).slice(0, 10)).toBe('0x70a08231')
  })

  it('encodes lists, tuples, bytes and strings', () => {
    const [fn] = abiFunctions(parseAbiText('function f(uint16[] xs, (address who, bool ok) pair, bytes4 tag, string note)'))
    const data = encodeCalldata(fn!, ['[1, "0x2"]', `{"who": "${holder}", "ok": true}`, '0x12345678', 'hi, there'])
    expect(data.startsWith('0x')).toBe(true)
    expect(functionForCalldata([fn!], data)).toBe(fn)
  })

  it('names the argument that is wrong', () => {
    const [transfer] = abiFunctions(parseAbiText('transfer(address to,uint256 value)'))
    expect(() => encodeCalldata(transfer!, ['0x1234', '1'])).toThrow(expect.objectContaining({ index: 0, message: expect.stringMatching(/to \(address\).*not a 20-byte address/) }))
    expect(() => encodeCalldata(transfer!, [holder, 'many'])).toThrow(expect.objectContaining({ index: 1 }))
    const [fixed] = abiFunctions(parseAbiText('f(uint8[2])'))
    expect(() => encodeCalldata(fixed!, ['[1]'])).toThrow(/exactly 2 elements/)
    const [small] = abiFunctions(parseAbiText('f(uint8)'))
    expect(() => encodeCalldata(small!, ['256'])).toThrow()
  })
})

describe('decodeReturn', () => {
  it('decodes one value and several', () => {
    const [balanceOf] = abiFunctions(parseAbiText('balanceOf(address) returns (uint256)'))
    expect(decodeReturn(balanceOf!, `0x${(1234n).toString(16).padStart(64, '0')}`)).toEqual([{ name: '', type: 'uint256', text: '1234' }])
    const [pair] = abiFunctions(parseAbiText('function p() returns (address owner, bool ok)'))
    const data = `0x${holder.slice(2).toLowerCase().padStart(64, '0')}${'1'.padStart(64, '0')}` as const
    expect(decodeReturn(pair!, data)).toEqual([
      { name: 'owner', type: 'address', text: holder },
      { name: 'ok', type: 'bool', text: 'true' },
    ])
  })

  it('has nothing to decode with for a signature without returns', () => {
    const [transfer] = abiFunctions(parseAbiText('transfer(address,uint256)'))
    expect(decodeReturn(transfer!, '0x')).toBeNull()
  })

  it('splits an answer into words', () => {
    expect(returnWords(`0x${'00'.repeat(31)}01${'ff'.repeat(32)}`)).toEqual([`0x${'00'.repeat(31)}01`, `0x${'ff'.repeat(32)}`])
  })
})

describe('custom errors from signatures', () => {
  it('decodes a custom error given as a signature line', () => {
    const abi = parseAbiText('error InsufficientFunds(address account, uint256 available, uint256 required)')
    const selector = keccak256(stringToHex('InsufficientFunds(address,uint256,uint256)')).slice(0, 10)
    const data = `${selector}${holder.slice(2).toLowerCase().padStart(64, '0')}${(10n ** 18n).toString(16).padStart(64, '0')}${(2n * 10n ** 18n).toString(16).padStart(64, '0')}` as `0x${string}`
    const decoded = decodeRevert(data, abi)
    expect(decoded.kind).toBe('custom')
    expect(describeRevert(decoded)).toBe(`InsufficientFunds("${holder}", 1000000000000000000, 2000000000000000000)`)
  })
})
