import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { getAddress, type Hex } from 'viem'
import { gatewayUrl } from './service.ts'
import { addNetworkInSettings, watchReports } from './helpers.ts'

/**
 * Verified source (issue 43, item 4): the service's own contracts from its repository in Sourcify's layout
 * (/repository), and any contract from a repository folder this test serves on loopback, added to a network in
 * settings. Expected values come from the compiler's output in the data dir (metadata, sources) and the
 * contract sources in the repository.
 */

type Scenario = { contracts: { token: Hex; reverter: Hex; emitter: Hex } }
type Artifacts = { compiler: string; contracts: Record<string, { metadata: string }>; sources: Record<string, string> }

const dataDir = () => process.env.CHAINGLASS_E2E_DATA!
const scenario = (): Scenario => JSON.parse(fs.readFileSync(path.join(dataDir(), 'scenario.json'), 'utf8')) as Scenario
const artifacts = (): Artifacts => JSON.parse(fs.readFileSync(path.join(dataDir(), 'scenario', 'artifacts.json'), 'utf8')) as Artifacts
const contractSource = (file: string) => fs.readFileSync(path.join(import.meta.dirname, '..', 'server', 'chain', 'contracts', file), 'utf8')

let folder: string
let server: http.Server
let repositoryUrl: string

/** Writes one contract's entry into the test's repository folder. */
function putEntry(match: 'full_match' | 'partial_match', address: Hex, metadata: string, sources: Record<string, string>): void {
  const base = path.join(folder, 'contracts', match, '31337', getAddress(address))
  fs.mkdirSync(path.join(base, 'sources'), { recursive: true })
  fs.writeFileSync(path.join(base, 'metadata.json'), metadata)
  for (const [name, content] of Object.entries(sources)) fs.writeFileSync(path.join(base, 'sources', name), content)
}

test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-repository-'))
  const { contracts } = scenario()
  const { contracts: compiled, sources } = artifacts()
  // The Reverter listed as a partial match: its metadata as compiled, one space added (still JSON, another hash).
  putEntry('partial_match', contracts.reverter, compiled.Reverter!.metadata.replace('"language":"Solidity"', '"language": "Solidity"'), { 'Reverter.sol': sources['Reverter.sol']! })
  // The token under full_match, but its source changed after compiling: the metadata's keccak256 no longer holds.
  putEntry('full_match', contracts.token, compiled.GlassToken!.metadata, { 'GlassToken.sol': `${sources['GlassToken.sol']}\n// changed\n` })
  // A static file server of the folder, as a Sourcify repository is (CORS open to any page).
  server = http.createServer((request, response) => {
    const file = path.join(folder, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    if (!file.startsWith(folder) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'access-control-allow-origin': '*' }).end('not found')
      return
    }
    response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': file.endsWith('.json') ? 'application/json' : 'text/plain' }).end(fs.readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  repositoryUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  fs.rmSync(folder, { recursive: true, force: true })
})

/** Adds the devnet's gateway again as a network of the user's, with the test's repository. */
function addNetworkWithRepository(page: Page): Promise<void> {
  return addNetworkInSettings(page, { label: 'Devnet, test repository', name: 'devrepo', rpcBase: gatewayUrl, chainId: '31337', sourcesUrl: `${repositoryUrl}/` })
}

test.describe('verified source', () => {
  test("the service's own token: Verified (exact), the compiler's version and settings, the source as in the repository, highlighted", async ({ page }) => {
    const reports = watchReports(page)
    const { token } = scenario().contracts
    const metadata = JSON.parse(artifacts().contracts.GlassToken!.metadata) as { compiler: { version: string }; settings: { optimizer: { runs: number }; evmVersion: string } }
    await page.goto(`/address/${token}`)
    const panel = page.getByTestId('address-source')
    await expect(panel.getByTestId('source-verdict')).toHaveText('Verified (exact)')
    await expect(panel.getByTestId('source-compiler')).toContainText(metadata.compiler.version)
    await expect(panel.getByTestId('source-settings')).toContainText(`optimizer on, ${metadata.settings.optimizer.runs} runs · EVM ${metadata.settings.evmVersion}`)
    await expect(panel.getByTestId('source-target')).toContainText('GlassToken.sol:GlassToken')
    const code = panel.getByTestId('source-code')
    await expect(code).toHaveAttribute('data-highlighted', 'true')
    expect(await code.locator('code').textContent()).toBe(contractSource('GlassToken.sol'))
    // Coloured by tokens, as text: the contract keyword is a span, nothing of the source is markup.
    await expect(code.locator('code .token.keyword').first()).toBeVisible()
    expect(reports).toEqual([])
  })

  test('a repository folder served by the test: partial for another metadata hash, not verified for a changed source or an absent contract', async ({ page }) => {
    const { reverter, token, emitter } = scenario().contracts
    await addNetworkWithRepository(page)
    await page.goto(`/address/${reverter}?network=devrepo`)
    await expect(page.getByTestId('source-verdict')).toHaveText('Verified (partial)')
    await expect(page.getByTestId('source-verdict-detail')).toContainText('partial_match')
    await page.goto(`/address/${token}?network=devrepo`)
    await expect(page.getByTestId('source-verdict')).toHaveText('Not verified')
    await expect(page.getByTestId('source-file').filter({ hasText: 'GlassToken.sol' })).toHaveAttribute('data-matches', 'false')
    await page.goto(`/address/${emitter}?network=devrepo`)
    await expect(page.getByTestId('source-verdict')).toHaveText('Not verified')
    await expect(page.getByTestId('source-none')).toContainText('holds no sources for this address on chain 31337')
  })
})
