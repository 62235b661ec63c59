import fs from 'node:fs'
import path from 'node:path'
import { erc1155Abi, erc20Abi, erc4626Abi, erc721Abi, multicall3Abi, toEventSelector, toFunctionSelector, type Abi, type AbiParameter } from 'viem'
import { parameterText } from '../src/evm/abiText.ts'

/**
 * The explorer's name table, made at build time from ABIs published in well-kept npm packages: every
 * function, event and error of OpenZeppelin Contracts' build artifacts, viem's standard ABIs (ERC-20/721/
 * 1155/4626, Multicall3) and WETH's (not in either). Keyed by the first 4 bytes of the selector (topic 0 for
 * events, checked in full when looked up), each entry the human-readable signature with parameter names,
 * which viem's parseAbiItem reads back. Several candidates under one key are kept: the decoder picks the one
 * the data fits.
 */
export type SignatureTable = { functions: Record<string, string[]>; events: Record<string, string[]>; errors: Record<string, string[]> }

/** WETH9's ABI entries (facts from its verified source). */
const wethAbi = [
  { type: 'function', name: 'deposit', inputs: [], outputs: [], stateMutability: 'payable' },
  { type: 'function', name: 'withdraw', inputs: [{ name: 'wad', type: 'uint256' }], outputs: [], stateMutability: 'nonpayable' },
  { type: 'event', name: 'Deposit', inputs: [{ name: 'dst', type: 'address', indexed: true }, { name: 'wad', type: 'uint256', indexed: false }], anonymous: false },
  { type: 'event', name: 'Withdrawal', inputs: [{ name: 'src', type: 'address', indexed: true }, { name: 'wad', type: 'uint256', indexed: false }], anonymous: false },
] as const satisfies Abi

/** `transfer(address to, uint256 value)`: the item as parseAbiItem reads it after its kind word. */
function signatureText(item: { name: string; inputs: readonly AbiParameter[] }): string {
  return `${item.name}(${item.inputs.map(parameterText).join(', ')})`
}

/**
 * The types alone (and, for events, which are indexed: ERC-20's and ERC-721's Transfer differ only there):
 * two ABIs that name a parameter differently declare the same item.
 */
function canonical(signature: string): string {
  return signature.replace(/ (?!indexed\b)[A-Za-z_$][\w$]*(?=[,)])/g, '')
}

/** Adds the signature unless one with the same types is there (the first source's names win). */
function add(table: Record<string, string[]>, key: string, signature: string): void {
  const list = (table[key] ??= [])
  if (!list.some((known) => canonical(known) === canonical(signature))) list.push(signature)
}

export function openZeppelinAbis(root: string): Abi[] {
  const directory = path.join(root, 'node_modules', '@openzeppelin', 'contracts', 'build', 'contracts')
  return fs
    .readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => (JSON.parse(fs.readFileSync(path.join(directory, name), 'utf8')) as { abi?: Abi }).abi ?? [])
}

export function buildSignatureTable(abis: readonly Abi[]): SignatureTable {
  const table: SignatureTable = { functions: {}, events: {}, errors: {} }
  for (const abi of abis) {
    for (const item of abi) {
      if (item.type === 'function') add(table.functions, toFunctionSelector(item).slice(2), signatureText(item))
      else if (item.type === 'event' && !item.anonymous) add(table.events, toEventSelector(item).slice(2, 10), signatureText(item))
      else if (item.type === 'error') add(table.errors, toFunctionSelector(`function ${signatureText(item)}`).slice(2), signatureText(item))
    }
  }
  return table
}

/** The table of the installed packages, as the app's lazy chunk receives it. */
export function installedSignatureTable(root: string): SignatureTable {
  return buildSignatureTable([erc20Abi, erc721Abi, erc1155Abi, erc4626Abi, multicall3Abi, wethAbi, ...openZeppelinAbis(root)])
}

export const signatureTableModule = 'virtual:signature-table'

/**
 * Serves the table as a module of its own: imported only with import(), so it is a chunk loaded when a page
 * first needs a name, never part of the initial JS. JSON.parse of a string literal parses faster than the
 * same data as a JavaScript object literal.
 */
export function signatureTablePlugin(root: string) {
  const resolved = `\0${signatureTableModule}`
  return {
    name: 'chainglass-signature-table',
    resolveId: (id: string) => (id === signatureTableModule ? resolved : null),
    load: (id: string) => (id === resolved ? `export default JSON.parse(${JSON.stringify(JSON.stringify(installedSignatureTable(root)))})` : null),
  }
}
