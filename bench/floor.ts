import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { pollInPage } from './browser.ts'

/**
 * The floor under a page's full load: a page with no app that makes only the round trips the page's content
 * needs and nothing else, parses the answers and puts one line on screen. Nothing the app does can be faster;
 * the gap between the two is the app's own cost.
 *
 *   - The document (dist/__bench/floor.html) carries the runtime configuration inline, as a JSON data block
 *     that is never executed (<script type="application/json" id="chainglass-config">), written at install
 *     time from the app server's own GET /config.json: no round trip for the configuration.
 *   - One small classic script (dist/__bench/assets/floor.js, the only file it loads) reads it and sends the
 *     page's data request the way the app sends its own (the default network's proxy path on the app server). It cannot be
 *     inline: the app server's CSP allows scripts from its own origin only. Under /assets/, so the app server
 *     sends it as immutable like the app's hashed code, and a returning visitor has it from the HTTP cache.
 *   - What it asks for is what the app's page needs before its watch (bench/browser.ts) counts it as shown:
 *       block: one batch, eth_getBlockByNumber(n, true) + eth_getBlockReceipts(n): every row's method, value,
 *              fee, status and gas used (src/queries/blockPage.ts: the block page lists full transactions); for
 *              a block whose list the page renders in part (`firstRows`: contract/listWindow.ts's
 *              partialFirstScreenRows, the server's first screen shows its first rows and reads only theirs),
 *              the block with hashes, then one batch of eth_getTransactionByHash + eth_getTransactionReceipt
 *              for those rows: two round trips, the fewest that give those rows (the hashes come with the
 *              block), and no transaction object or receipt nobody sees;
 *       tx:    one batch, eth_getTransactionByHash + eth_getTransactionReceipt (src/pages/tx/); the overview
 *              also shows the block's time, which it takes from the transaction or receipt where the node adds
 *              blockTimestamp (anvil does) and from eth_getBlockByHash otherwise, and so does the floor: a
 *              second round trip only on a node without it;
 *       home:  eth_getBlockByNumber('latest', false): a row of the latest blocks is drawn from the head's
 *              header alone (src/pages/home/: the head query and the head stream's first read over HTTP).
 *   - It then stamps the time the line is painted (the next frame), as the app's watches do.
 *   - Its icon is an empty data: URL, so the browser does not ask for /favicon.ico (the app names its icon too).
 *
 * The page's kind and its block or hash come in its URL's query, as the app's come in its path. It is put beside
 * the built app (removed again by the returned function) and served by the app server: a page served any other
 * way (page.route) is not on a loopback address, and Chromium refuses it access to the loopback gateway.
 */
export type FloorPage = { kind: 'block'; block: number; firstRows?: number } | { kind: 'tx'; hash: string } | { kind: 'home' }

export const floorDir = '__bench'
const scriptPath = `/${floorDir}/assets/floor.js`

export function installFloorPages(dist: string, runtimeConfigJson: string): () => void {
  const dir = path.join(dist, floorDir)
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true })
  // "<" escaped: the JSON cannot end its own script element.
  const config = JSON.stringify(JSON.parse(runtimeConfigJson)).replace(/</g, '\\u003c')
  fs.writeFileSync(
    path.join(dir, 'floor.html'),
    `<!doctype html><html><head><meta charset="utf-8"><title>floor</title><link rel="icon" href="data:,"><script type="application/json" id="chainglass-config">${config}</script></head><body><script src="${scriptPath}"></script></body></html>\n`,
  )
  fs.writeFileSync(path.join(dir, 'assets', 'floor.js'), floorScript)
  return () => fs.rmSync(dir, { recursive: true, force: true })
}

export function floorPath(page: FloorPage): string {
  const query = new URLSearchParams({ page: page.kind })
  if (page.kind === 'block') query.set('block', String(page.block))
  if (page.kind === 'block' && page.firstRows !== undefined) query.set('rows', String(page.firstRows))
  if (page.kind === 'tx') query.set('hash', page.hash)
  return `/${floorDir}/floor.html?${query}`
}

/** ms from navigation start to the floor's line painted; throws with the floor's error if it failed. */
export async function waitForFloor(page: Page, timeoutMs = 60_000): Promise<number> {
  const value = await pollInPage(page, () => (window as unknown as { __floor?: number | string }).__floor, null, timeoutMs)
  if (typeof value !== 'number') throw new Error(`the floor page failed: ${value}`)
  return value
}

const floorScript = `'use strict'
// The bench's floor page (bench/floor.ts): only the round trips the page's content needs, one line on screen.
;(function () {
  var config = JSON.parse(document.getElementById('chainglass-config').textContent)
  var network = config.networks.find(function (candidate) { return candidate.name === config.defaultNetwork })
  // The app's own way to its node: through the app server (contract/endpoints.ts rpcHttpUrl), where the key is added.
  var endpoint = network.endpoint === 'proxy' ? network.rpcBase : network.rpcBase + '/v3/' + network.key
  var query = new URLSearchParams(location.search)

  // One POST; a single call goes as itself, several as a batch. Resolves to the results in call order.
  function ask(calls) {
    var body = calls.map(function (call, index) { return { jsonrpc: '2.0', id: index + 1, method: call[0], params: call[1] } })
    return fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body.length === 1 ? body[0] : body) })
      .then(function (response) { return response.json() })
      .then(function (replies) {
        var list = Array.isArray(replies) ? replies : [replies]
        return body.map(function (call) {
          var reply = list.find(function (candidate) { return candidate.id === call.id })
          if (!reply || reply.error || reply.result == null) throw new Error(call.method + ': ' + JSON.stringify(reply && reply.error))
          return reply.result
        })
      })
  }
  function hexTime(value) { return typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? value : null }

  var pages = {
    block: function () {
      var number = '0x' + Number(query.get('block')).toString(16)
      var rows = query.get('rows')
      if (rows !== null) {
        return ask([['eth_getBlockByNumber', [number, false]]]).then(function (results) {
          var block = results[0]
          var first = block.transactions.slice(0, Number(rows))
          var calls = first.map(function (hash) { return ['eth_getTransactionByHash', [hash]] }).concat(first.map(function (hash) { return ['eth_getTransactionReceipt', [hash]] }))
          return ask(calls).then(function (answers) {
            return 'block ' + Number(block.number) + ': ' + block.transactions.length + ' transactions, the first ' + answers.length / 2 + ' with their receipts'
          })
        })
      }
      return ask([['eth_getBlockByNumber', [number, true]], ['eth_getBlockReceipts', [number]]]).then(function (results) {
        return 'block ' + Number(results[0].number) + ': ' + results[0].transactions.length + ' transactions, ' + results[1].length + ' receipts'
      })
    },
    tx: function () {
      var hash = query.get('hash')
      return ask([['eth_getTransactionByHash', [hash]], ['eth_getTransactionReceipt', [hash]]]).then(function (results) {
        var transaction = results[0]
        var receipt = results[1]
        var known = hexTime(transaction.blockTimestamp) || hexTime(receipt.blockTimestamp)
        var time = known ? Promise.resolve(known) : ask([['eth_getBlockByHash', [transaction.blockHash, false]]]).then(function (block) { return block[0].timestamp })
        return time.then(function (timestamp) {
          return hash + ' in block ' + Number(transaction.blockNumber) + ', status ' + receipt.status + ', ' + new Date(Number(timestamp) * 1000).toISOString()
        })
      })
    },
    home: function () {
      return ask([['eth_getBlockByNumber', ['latest', false]]]).then(function (results) { return 'latest block ' + Number(results[0].number) })
    },
  }

  pages[query.get('page')]().then(
    function (text) {
      var line = document.createElement('p')
      line.textContent = text
      document.body.append(line)
      requestAnimationFrame(function () { setTimeout(function () { window.__floor = performance.now() }, 0) })
    },
    function (error) { window.__floor = String(error) },
  )
})()
`
