import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { scenarioPaths } from './scenario.ts'
import { repositoryFile } from './sourcifyRepository.ts'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-repository-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const reverter = '0x00000000000000000000000000000000000000A3'
/** Metadata as solc writes it: compact JSON, its sources by name (the bytes are served exactly as kept). */
const metadata = '{"compiler":{"version":"0.8.30+commit.73712a01"},"language":"Solidity","sources":{"Reverter.sol":{"keccak256":"0x01"}},"version":1}'

describe('repositoryFile', () => {
  it('serves nothing before the scenario is deployed', () => {
    expect(repositoryFile(dataDir, 31337, 'full_match', '31337', reverter, 'metadata.json')).toBeNull()
  })

  it('serves a deployed contract’s metadata byte for byte and the sources it names, in Sourcify’s layout', () => {
    const paths = scenarioPaths(dataDir)
    fs.mkdirSync(path.dirname(paths.artifacts), { recursive: true })
    const artifact = { sourceName: 'Reverter.sol', abi: [], bytecode: '0x6001', storageLayout: { storage: [], types: null }, metadata }
    fs.writeFileSync(paths.artifacts, JSON.stringify({ key: 'k', compiler: 'c', contracts: { Reverter: artifact }, sources: { 'Reverter.sol': 'contract Reverter {}', 'Other.sol': 'contract Other {}' } }))
    fs.writeFileSync(paths.record, JSON.stringify({ contracts: { reverter }, deployment: { reverter: { contract: 'Reverter' } } }))
    expect(repositoryFile(dataDir, 31337, 'full_match', '31337', reverter.toLowerCase(), 'metadata.json')).toEqual({ body: metadata, contentType: 'application/json' })
    expect(repositoryFile(dataDir, 31337, 'full_match', '31337', reverter, 'sources/Reverter.sol')).toEqual({ body: 'contract Reverter {}', contentType: 'text/plain; charset=utf-8' })
    // Only what this contract's metadata names; only full matches; only this chain; only files that exist.
    expect(repositoryFile(dataDir, 31337, 'full_match', '31337', reverter, 'sources/Other.sol')).toBeNull()
    expect(repositoryFile(dataDir, 31337, 'partial_match', '31337', reverter, 'metadata.json')).toBeNull()
    expect(repositoryFile(dataDir, 31337, 'full_match', '1', reverter, 'metadata.json')).toBeNull()
    expect(repositoryFile(dataDir, 31337, 'full_match', '31337', reverter, 'sources/../metadata.json')).toBeNull()
    expect(repositoryFile(dataDir, 31337, 'full_match', '31337', '0x00000000000000000000000000000000000000a4', 'metadata.json')).toBeNull()
  })
})
