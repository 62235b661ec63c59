import fs from 'node:fs'
import path from 'node:path'
import { keccak256, stringToHex, type Abi, type Hex } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { selectorsInCode } from './selectors.ts'

type Solc = { compile(input: string): string }
type Output = { contracts: Record<string, Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>> }

/** The selector as the ABI spec defines it, computed here by hand: the first 4 bytes of keccak256 of the signature. */
const selectorOf = (signature: string) => keccak256(stringToHex(signature)).slice(0, 10) as Hex

/** A function name whose selector starts with a zero byte: the optimizer pushes those with PUSH3. */
function zeroLeadingName(): string {
  for (let index = 0; ; index++) if (selectorOf(`f${index}(uint256)`).startsWith('0x00')) return `f${index}`
}

const leading = zeroLeadingName()
const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Tiny {
  uint256 public stored;
  event Set(uint256 value);
  function set(uint256 value) external { stored = value; emit Set(value); }
  function ${leading}(uint256 value) external pure returns (uint256) { return value + 1; }
  function add(uint256 a, uint256 b) external pure returns (uint256) { return a + b; }
  function owner() external view returns (address) { return address(this); }
  function pay() external payable {}
  function name() external pure returns (string memory) { return "tiny"; }
  function symbol() external pure returns (string memory) { return "T"; }
  function flag(bool on) external pure returns (bool) { return !on; }
  function word(bytes32 w) external pure returns (bytes32) { return w ^ bytes32(uint256(1)); }
  function many(uint8 a, uint16 b, uint32 c) external pure returns (uint256) { return uint256(a) + b + c; }
  function list(uint256[] calldata xs) external pure returns (uint256 n) { n = xs.length; }
  function text(string calldata s) external pure returns (uint256) { return bytes(s).length; }
  receive() external payable {}
}`
const expected = [
  'stored()',
  'set(uint256)',
  `${leading}(uint256)`,
  'add(uint256,uint256)',
  'owner()',
  'pay()',
  'name()',
  'symbol()',
  'flag(bool)',
  'word(bytes32)',
  'many(uint8,uint16,uint32)',
  'list(uint256[])',
  'text(string)',
]
  .map(selectorOf)
  .sort()

let solc: Solc
beforeAll(async () => {
  solc = (await import('solc')).default as Solc
})

function compile(settings: object): Hex {
  const input = { language: 'Solidity', sources: { 'Tiny.sol': { content: source } }, settings: { ...settings, outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } } } }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as Output
  return `0x${output.contracts['Tiny.sol']!['Tiny']!.evm.deployedBytecode.object}`
}

describe('selectorsInCode', () => {
  it.each([
    ['unoptimized', {}],
    ['optimized', { optimizer: { enabled: true, runs: 200 } }],
    ['optimized for size', { optimizer: { enabled: true, runs: 1 } }],
    ['via IR', { viaIR: true, optimizer: { enabled: true, runs: 200 } }],
  ])('finds exactly the public functions of a contract solc compiled %s', (_label, settings) => {
    expect(selectorsInCode(compile(settings))).toEqual(expected)
  })

  it('finds the one function of a contract compiled via IR, tested with SUB right after the selector is cut out', () => {
    const one = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract One { function only(uint256 x) external pure returns (uint256) { return x * 2; } }`
    const input = { language: 'Solidity', sources: { 'One.sol': { content: one } }, settings: { viaIR: true, optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } } } }
    const output = JSON.parse(solc.compile(JSON.stringify(input))) as Output
    expect(selectorsInCode(`0x${output.contracts['One.sol']!['One']!.evm.deployedBytecode.object}`)).toEqual([selectorOf('only(uint256)')])
  })

  it('reads nothing from PUSH data: a PUSH32 that holds a dispatcher-like pattern is skipped whole', () => {
    // PUSH32 <80 63 12345678 14 61 0001 57 …> then STOP: the pattern is data, not code.
    const code = `0x7f8063123456781461000157${'00'.repeat(21)}00` as Hex
    expect(selectorsInCode(code)).toEqual([])
    // The same bytes as code are a dispatcher entry.
    expect(selectorsInCode('0x80631234567814610001570000')).toEqual(['0x12345678'])
  })

  it('finds none in a proxy with no functions of its own (OpenZeppelin’s ERC1967Proxy, as published)', () => {
    const file = path.resolve(import.meta.dirname, '../../../node_modules/@openzeppelin/contracts/build/contracts/ERC1967Proxy.json')
    const { deployedBytecode } = JSON.parse(fs.readFileSync(file, 'utf8')) as { deployedBytecode: Hex }
    expect(deployedBytecode.length).toBeGreaterThan(100)
    expect(selectorsInCode(deployedBytecode)).toEqual([])
  })
})
