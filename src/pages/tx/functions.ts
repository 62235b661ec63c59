import { decodeFunctionData, parseAbi, toFunctionSelector, type Abi, type AbiFunction, type Hex } from 'viem'

/**
 * The few functions an explorer can name without the contract's ABI: the token standards' writes and a
 * handful of common ones. Anything else shows its 4-byte selector only.
 */
const knownAbi = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 value) returns (bool)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'function mint(address to)',
  'function mint(address to, uint256 amount)',
  'function burn(uint256 amount)',
  'function deposit()',
  'function withdraw(uint256 amount)',
])

export type DecodedArgument = { name: string; type: string; value: unknown }

/** What a transaction's input says: nothing, creation code, or a call with its selector (and, when known, the function and arguments). */
export type InputSummary =
  | { kind: 'empty' }
  | { kind: 'creation' }
  | { kind: 'call'; selector: Hex; signature: string | null; args: DecodedArgument[] | null }
  /** Fewer than 4 bytes: not a call any Solidity contract would decode. */
  | { kind: 'data' }

const bySelector = new Map<string, AbiFunction>()
for (const item of knownAbi as Abi) {
  if (item.type !== 'function') continue
  bySelector.set(toFunctionSelector(item), item)
}

function signatureOf(item: AbiFunction): string {
  return `${item.name}(${item.inputs.map((input) => input.type).join(',')})`
}

export function summarizeInput(input: Hex, isCreation: boolean): InputSummary {
  if (isCreation) return { kind: 'creation' }
  if (input === '0x') return { kind: 'empty' }
  if (input.length < 10) return { kind: 'data' }
  const selector = input.slice(0, 10).toLowerCase() as Hex
  const item = bySelector.get(selector)
  if (!item) return { kind: 'call', selector, signature: null, args: null }
  try {
    const decoded = decodeFunctionData({ abi: [item], data: input })
    const values = (decoded.args ?? []) as readonly unknown[]
    return {
      kind: 'call',
      selector,
      signature: signatureOf(item),
      args: item.inputs.map((parameter, index) => ({ name: parameter.name ?? `arg${index}`, type: parameter.type, value: values[index] })),
    }
  } catch {
    // The selector matches but the arguments do not decode as that function's: name nothing.
    return { kind: 'call', selector, signature: null, args: null }
  }
}
