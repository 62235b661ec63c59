/**
 * Records the local chain's answers the component tests replay (testdata/components/local-*.json):
 * `npm run record:local`. It starts the real local service (real anvil, real gateway) with the demo scenario
 * deployed and a chain that moves only when told (no block time, no traffic), then asks the gateway, over
 * HTTP as the app does, for exactly the calls each page makes for the state it tests: the same methods with
 * the same params, so the replay (src/testing/replay.ts) finds each answer by them. Nothing is rendered.
 *
 * The answers are written as the gateway sent them, errors included. `facts` names what the tests build
 * their URLs from (a block number, a hash); every expected value a test checks is read from the answers.
 * Run it again after a change to the scenario or to what a page asks; commit what it writes.
 */
import fs from 'node:fs'
import path from 'node:path'
import { startTestService, type TestService } from '../server/testing/service.ts'
import { devAccount } from '../server/chain/devAccounts.ts'

type Call = { method: string; params: unknown[]; result?: unknown; error?: { code: number; message: string; data?: unknown } }
type Block = { number: string; hash: string; timestamp: string; transactions: Array<string | { hash: string; from: string; to: string | null }>; uncles: string[] }

const outDir = path.join(import.meta.dirname, '..', 'testdata', 'components')

class Scene {
  readonly calls: Call[] = []
  readonly facts: Record<string, unknown> = {}
  constructor(readonly name: string, readonly about: string, private readonly service: TestService) {}

  async ask<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const key = JSON.stringify([method, params])
    const known = this.calls.find((call) => JSON.stringify([call.method, call.params]) === key)
    if (known) return known.result as T
    const reply = await this.service.rpc(method, params)
    this.calls.push({ method, params, ...(reply.error ? { error: reply.error } : { result: reply.result ?? null }) })
    return reply.result as T
  }

  write(): void {
    const file = path.join(outDir, `local-${this.name}.json`)
    const body = { source: `recorded from the local service (anvil behind the gateway, demo scenario) by scripts/record-local.ts: ${this.about}`, facts: this.facts, calls: this.calls }
    fs.writeFileSync(file, `${JSON.stringify(body, null, 1)}\n`)
    console.log(`wrote ${path.relative(process.cwd(), file)}: ${this.calls.length} calls`)
  }
}

const hex = (value: number | bigint) => `0x${value.toString(16)}`

/** What the app's frame asks on every page: the head (its header and connection state). */
async function frame(scene: Scene): Promise<Block> {
  return scene.ask<Block>('eth_getBlockByNumber', ['latest', false])
}

/** The first-use probe of a network (src/networks/probe.ts): what it offers, asked once per browser. */
async function probe(scene: Scene): Promise<void> {
  await scene.ask('eth_chainId')
  await scene.ask('eth_getBlockReceipts', ['latest'])
  await scene.ask('eth_getBlockByNumber', ['safe', false])
  await scene.ask('eth_getBlockByNumber', ['finalized', false])
  await scene.ask('ots_getApiLevel')
  await scene.ask('l2a_getRawBlockTransactions', ['latest'])
  await scene.ask('l2b_pendingTransactions')
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true })
  const service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0', CHAINGLASS_HISTORY_BLOCKS: '4' }, { scenario: true })
  try {
    const scenario = service.scenario!
    const scenes: Scene[] = []
    const scene = (name: string, about: string) => {
      const made = new Scene(name, about, service)
      scenes.push(made)
      return made
    }

    const head = scene('frame', 'the head every page\'s frame reads')
    const latest = await frame(head)
    head.facts.head = latest.number
    await probe(head)

    // A block with transactions, as the block page reads it (with its receipts).
    const block = scene('block', 'a block with transactions, its receipts, and an empty block')
    await frame(block)
    let full: Block | null = null
    for (let number = Number(latest.number); number > 0 && !full; number--) {
      const candidate = await service.rpc('eth_getBlockByNumber', [hex(number), false])
      if ((candidate.result as Block).transactions.length >= 2) full = candidate.result as Block
    }
    block.facts.full = full!.number
    await block.ask('eth_getBlockByNumber', [full!.number, true])
    await block.ask('eth_getBlockReceipts', [full!.number])
    await block.ask('eth_getBlockByNumber', [full!.number, false])
    // Its neighbours, which the page's previous and next links read ahead (a focused link, its receipts too).
    for (const step of [-1, 1]) {
      await block.ask('eth_getBlockByNumber', [hex(Number(full!.number) + step), false])
      await block.ask('eth_getBlockReceipts', [hex(Number(full!.number) + step)])
    }
    // A block past the head: the node answers null.
    block.facts.unmined = hex(999_999)
    await block.ask('eth_getBlockByNumber', [hex(999_999), false])
    await block.ask('eth_getBlockReceipts', [hex(999_999)])
    block.facts.scenario = { contracts: scenario.contracts, deployer: devAccount(0).address, holders: [1, 2, 3, 4].map((index) => devAccount(index).address) }

    for (const made of scenes) made.write()
  } finally {
    await service.close()
  }
}

await main()
