import { describe, expect, it } from 'vitest'
import { stringToBytes, type Hex } from 'viem'
import compiled from '../../testdata/sourcify/Reverter.json'
import { cidV0, codeMetadata, ipfsFileHash, metadataMatch, parseMetadata, sourceMatches } from './sourceVerification.ts'

/**
 * Against solc's own output (testdata/sourcify/Reverter.json: metadata, bytecode and source as solc 0.8.30
 * compiled them): the hash solc put in the code, the dweb:/ipfs/ URL and keccak256 it gave the source.
 */
const metadata = parseMetadata(compiled.metadata)
const bytecode = compiled.bytecode as Hex
const source = compiled.sources['Reverter.sol']

describe('codeMetadata', () => {
  it("reads the CBOR tail solc appends: the metadata's IPFS multihash and the compiler version", () => {
    const tail = codeMetadata(bytecode)
    expect(tail?.solc).toBe('0.8.30')
    expect(metadata.compiler.version.startsWith(`${tail?.solc}+`)).toBe(true)
    expect(tail?.ipfs).toMatch(/^0x1220[0-9a-f]{64}$/)
  })

  it('finds none in code without one', () => {
    expect(codeMetadata('0x6001600055')).toBeNull()
    expect(codeMetadata('0x')).toBeNull()
  })
})

describe('ipfsFileHash', () => {
  it("hashes a source as solc's dweb:/ipfs/ URL names it", async () => {
    const url = metadata.sources['Reverter.sol']!.urls!.find((entry) => entry.startsWith('dweb:/ipfs/'))!
    expect(cidV0(await ipfsFileHash(stringToBytes(source)))).toBe(url.slice('dweb:/ipfs/'.length))
  })
})

describe('metadataMatch and sourceMatches', () => {
  it('the compiler’s metadata is an exact match for its code; one changed byte makes it partial', async () => {
    expect(await metadataMatch(bytecode, compiled.metadata)).toMatchObject({ kind: 'exact' })
    const changed = compiled.metadata.replace('"language":"Solidity"', '"language":"Solidity" ')
    expect(changed).not.toBe(compiled.metadata)
    expect(await metadataMatch(bytecode, changed)).toMatchObject({ kind: 'partial', codeHash: codeMetadata(bytecode)!.ipfs })
  })

  it("a source matches the metadata's keccak256 only byte for byte", () => {
    const expected = metadata.sources['Reverter.sol']!.keccak256
    expect(sourceMatches(source, expected)).toBe(true)
    expect(sourceMatches(`${source} `, expected)).toBe(false)
  })
})
