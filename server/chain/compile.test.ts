import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { artifactsKey, compileContracts, keptArtifactsFile, readSources } from './compile.ts'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-compile-'))
const sources = path.join(work, 'contracts')
const cache = path.join(work, 'cache', 'artifacts.json')
fs.mkdirSync(sources)
const counter = (initial: number) => `// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;
contract Counter {
    uint256 public count = ${initial};
    mapping(address => uint256) public byCaller;
    function bump() external { count += 1; byCaller[msg.sender] += 1; }
}
`

afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe('compileContracts', () => {
  it('compiles with solc-js, keeps abi, bytecode and storage layout, then answers from its cache', async () => {
    fs.writeFileSync(path.join(sources, 'Counter.sol'), counter(1))
    const first = await compileContracts(cache, sources)
    expect(first.fromCache).toBe(false)
    expect(first.artifacts.compiler).toMatch(/^0\.8\.30\+commit/)
    const artifact = first.artifacts.contracts.Counter!
    expect(artifact.abi.map((item) => ('name' in item ? item.name : item.type)).sort()).toEqual(['bump', 'byCaller', 'count'])
    expect(artifact.bytecode).toMatch(/^0x60[0-9a-f]+$/)
    // Solidity assigns slots in declaration order.
    expect(artifact.storageLayout.storage.map((entry) => [entry.label, entry.slot])).toEqual([
      ['count', '0'],
      ['byCaller', '1'],
    ])

    // The metadata as solc wrote it (its sources by name), and the sources themselves: a verified-source repository's files.
    expect(Object.keys((JSON.parse(artifact.metadata) as { sources: object }).sources)).toEqual(['Counter.sol'])
    expect(first.artifacts.sources['Counter.sol']).toBe(counter(1))

    const second = await compileContracts(cache, sources)
    expect(second.fromCache).toBe(true)
    expect(second.artifacts).toEqual(first.artifacts)
  })

  it('compiles again when a source changes', async () => {
    const before = artifactsKey(readSources(sources))
    fs.writeFileSync(path.join(sources, 'Counter.sol'), counter(2))
    expect(artifactsKey(readSources(sources))).not.toBe(before)
    const changed = await compileContracts(cache, sources)
    expect(changed.fromCache).toBe(false)
    expect(JSON.parse(fs.readFileSync(cache, 'utf8')).key).toBe(changed.artifacts.key)
  })

  it('says what solc refused', async () => {
    fs.writeFileSync(path.join(sources, 'Broken.sol'), 'pragma solidity 0.8.30; contract Broken { function f( }')
    await expect(compileContracts(cache, sources)).rejects.toThrow(/solc: .*ParserError/s)
    fs.rmSync(path.join(sources, 'Broken.sol'))
  })

  it('the output kept beside the demo contracts is what their sources compile to now (else: npm run contracts)', async () => {
    const fresh = await compileContracts(path.join(work, 'fresh', 'artifacts.json'), undefined, { kept: false })
    expect(fresh.fromCache).toBe(false)
    expect(JSON.parse(fs.readFileSync(keptArtifactsFile(), 'utf8'))).toEqual(fresh.artifacts)
  })

  it('a fresh cache takes the kept output without the compiler while its key matches', async () => {
    const started = await compileContracts(path.join(work, 'fromKept', 'artifacts.json'))
    expect(started.fromCache).toBe(true)
    expect(started.artifacts.key).toBe(artifactsKey(readSources()))
    expect(JSON.parse(fs.readFileSync(path.join(work, 'fromKept', 'artifacts.json'), 'utf8'))).toEqual(started.artifacts)
  })
})
