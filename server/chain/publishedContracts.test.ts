import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseAbi } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { furnaceAddress } from './furnace.ts'
import { publishedContracts } from './publishedContracts.ts'
import { scenarioPaths } from './scenario.ts'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-published-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('publishedContracts', () => {
  it('is empty before the scenario is deployed', () => {
    expect(publishedContracts(dataDir)).toEqual({ contracts: [] })
  })

  it('names the scenario’s contracts and the traffic’s Furnace at its CREATE2 address', () => {
    const paths = scenarioPaths(dataDir)
    const artifact = (abi: string[], bytecode: string) => ({ sourceName: 'x.sol', abi: parseAbi(abi), bytecode, storageLayout: { storage: [], types: null } })
    fs.mkdirSync(path.dirname(paths.artifacts), { recursive: true })
    fs.writeFileSync(
      paths.artifacts,
      JSON.stringify({ key: 'k', compiler: 'c', contracts: { Reverter: artifact(['function setValue(uint256)'], '0x6001'), Furnace: artifact(['function burn(uint256) returns (bytes32)'], '0x6002') } }),
    )
    const reverter = '0x00000000000000000000000000000000000000a3'
    fs.writeFileSync(paths.record, JSON.stringify({ contracts: { reverter }, deployment: { reverter: { contract: 'Reverter' } } }))
    const { contracts } = publishedContracts(dataDir)
    expect(contracts.map(({ name, address }) => [name, address])).toEqual([
      ['Reverter', reverter],
      ['Furnace', furnaceAddress('0x6002')],
    ])
    // The compiler's storage layout goes with each: the app names changed slots by it.
    expect(contracts.map((contract) => contract.storageLayout)).toEqual([{ storage: [], types: null }, { storage: [], types: null }])
  })
})
