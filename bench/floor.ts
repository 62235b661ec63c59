import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from '@playwright/test'
import { newBenchContext } from './browser.ts'

/**
 * The floor under the block page's full load: a page with no app that fetches what the app must (its
 * /config.json, then the block page's one batch, block and receipts, from the same gateway), parses the answer
 * and puts one line on screen. Nothing the app does can be faster; the gap between this and the app's full
 * load is the app's own cost. Without `withConfig` it skips the config too (the RPC URL comes in the page's
 * URL): the batch alone, from a fresh page.
 *
 * The page is put beside the built app (dist/__bench/, removed again by the returned function) and served by
 * the app server like the app: a page served any other way (page.route) is not on a loopback address, and
 * Chromium refuses it access to the loopback gateway.
 */
export function installFloorPage(dist: string): () => void {
  const dir = path.join(dist, floorDir)
  fs.mkdirSync(dir, { recursive: true })
  // A script file, not inline: the app server's CSP allows scripts from its own origin only.
  fs.writeFileSync(path.join(dir, 'floor.html'), '<!doctype html><html><head><meta charset="utf-8"><title>floor</title><script src="floor.js" defer></script></head><body></body></html>\n')
  fs.writeFileSync(path.join(dir, 'floor.js'), floorScript)
  return () => fs.rmSync(dir, { recursive: true, force: true })
}

export async function blockFloor(browser: Browser, appUrl: string, rpcUrl: string, block: number, withConfig: boolean): Promise<number> {
  const context = await newBenchContext(browser)
  try {
    const page = await context.newPage()
    const query = new URLSearchParams({ block: String(block), ...(withConfig ? {} : { rpc: rpcUrl }) })
    await page.goto(`${appUrl}/${floorDir}/floor.html?${query}`, { waitUntil: 'commit' })
    const handle = await page.waitForFunction(() => (window as unknown as { __floor?: number | string }).__floor, null, { timeout: 60_000, polling: 50 })
    const value = (await handle.jsonValue()) as number | string
    if (typeof value !== 'number') throw new Error(`the floor page failed: ${value}`)
    return value
  } finally {
    await context.close()
  }
}

const floorDir = '__bench'

const floorScript = `
const query = new URLSearchParams(location.search)
const number = '0x' + Number(query.get('block')).toString(16)
const rpc = query.get('rpc')
  ? Promise.resolve(query.get('rpc'))
  : fetch('/config.json').then((response) => response.json()).then((config) => {
      const network = config.networks.find((candidate) => candidate.name === config.defaultNetwork)
      return network.rpcBase + '/v3/' + network.key
    })
rpc
  .then((url) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([
    { jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: [number, false] },
    { jsonrpc: '2.0', id: 2, method: 'eth_getBlockReceipts', params: [number] },
  ]) }))
  .then((response) => response.json())
  .then((replies) => {
    const receipts = replies.find((reply) => reply.id === 2).result
    const line = document.createElement('p')
    line.textContent = receipts.length + ' receipts of block ' + Number(number)
    document.body.append(line)
    requestAnimationFrame(() => setTimeout(() => { window.__floor = performance.now() }, 0))
  })
  .catch((error) => { window.__floor = String(error) })
`
