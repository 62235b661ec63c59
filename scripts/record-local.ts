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
import { recordFiles } from './record-files.ts'
import { concatHex, getAddress, keccak256, padHex, type Hex } from 'viem'
import { devAccount } from '../server/chain/devAccounts.ts'
import { blocksPageSize } from '../src/pages/blocks/paging.ts'
import { chartBlockCount } from '../src/pages/home/liveWindow.ts'

type Call = { method: string; params: unknown[]; result?: unknown; error?: { code: number; message: string; data?: unknown } }
type Block = { number: string; hash: string; timestamp: string; transactions: Array<string | { hash: string; from: string; to: string | null }>; uncles: string[] }

const outDir = path.join(import.meta.dirname, '..', 'testdata', 'components')

class Scene {
  readonly calls: Call[] = []
  readonly facts: Record<string, unknown> = {}
  /** `url`: another network of the same gateway (a recorded sample at /sample/<name>); else the local devnet. */
  constructor(readonly name: string, readonly about: string, private readonly service: TestService, private readonly url?: string) {}

  async ask<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const key = JSON.stringify([method, params])
    const known = this.calls.find((call) => JSON.stringify([call.method, call.params]) === key)
    // (the replay matches objects' members in any order: src/testing/replay.ts callKey)
    if (known) return known.result as T
    const reply = this.url
      ? ((await this.service.post({ jsonrpc: '2.0', id: 1, method, params }, { url: this.url })).json as Awaited<ReturnType<TestService['rpc']>>)
      : await this.service.rpc(method, params)
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

/** ERC-20 and ERC-721 Transfer(address,address,uint256). */
const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

const hex = (value: number | bigint) => `0x${value.toString(16)}`

/** What the app's frame asks on every page: the head (its header and connection state). */
async function frame(scene: Scene): Promise<Block> {
  const head = await scene.ask<Block>('eth_getBlockByNumber', ['latest', false])
  // The head stream's check once its subscription is confirmed (src/rpc/headStream.ts).
  await scene.ask('eth_blockNumber')
  return head
}

/** The first-use probe of a network (src/networks/probe.ts): what it offers, asked once per browser. */
async function probe(scene: Scene): Promise<void> {
  await scene.ask('eth_chainId')
  await scene.ask('web3_clientVersion')
  await scene.ask('eth_getBlockReceipts', ['latest'])
  await scene.ask('eth_getBlockByNumber', ['safe', false])
  await scene.ask('eth_getBlockByNumber', ['finalized', false])
  await scene.ask('ots_getApiLevel')
  await scene.ask('l2a_getRawBlockTransactions', ['latest'])
  await scene.ask('l2b_pendingTransactions')
}

/** The newest blocks the blocks list's first page and the home page's chart read. */
const newestBlocks = Math.max(blocksPageSize, chartBlockCount)

/**
 * Blocks of the traffic's mix mined after the scenario: more than the pages read, so they read traffic blocks
 * only, not the scenario's log emitter blocks (thousands of logs each, megabytes of receipts no test looks at).
 */
const historyBlocks = newestBlocks + 5

type Receipt = { status: string; to: string | null; transactionHash: string; logs: Array<{ topics: string[] }> }

/** The newest transaction among the history's blocks whose receipt passes `test` (read, not recorded). */
async function newestInHistory(service: TestService, head: number, what: string, test: (receipt: Receipt) => boolean): Promise<string> {
  for (let number = head; number > head - historyBlocks; number--) {
    const receipts = (await service.rpc('eth_getBlockReceipts', [hex(number)])).result as Receipt[]
    const found = receipts.find(test)
    if (found) return found.transactionHash
  }
  throw new Error(`record-local: no ${what} in the last ${historyBlocks} blocks; mine a longer history`)
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true })
  const service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0', CHAINGLASS_HISTORY_BLOCKS: String(historyBlocks) }, { scenario: true })
  try {
    const scenario = service.scenario!
    const scenes: Scene[] = []
    const scene = (name: string, about: string, url?: string) => {
      const made = new Scene(name, about, service, url)
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
      // Full objects, as the page lists them; hashes only, as the page's "Hashes" mode asks.
      for (const objects of [true, false]) await block.ask('eth_getBlockByNumber', [hex(Number(full!.number) + step), objects])
      await block.ask('eth_getBlockReceipts', [hex(Number(full!.number) + step)])
    }
    // Its first transaction by position (the block's transaction page), with its receipt.
    const first = await block.ask<{ hash: string }>('eth_getTransactionByBlockNumberAndIndex', [full!.number, '0x0'])
    await block.ask('eth_getTransactionByHash', [first.hash])
    await block.ask('eth_getTransactionReceipt', [first.hash])
    // The next one by position, which its next link reads ahead.
    await block.ask('eth_getTransactionByBlockNumberAndIndex', [full!.number, '0x1'])
    // A block past the head: the node answers null.
    block.facts.unmined = hex(999_999)
    for (const objects of [true, false]) await block.ask('eth_getBlockByNumber', [hex(999_999), objects])
    await block.ask('eth_getBlockReceipts', [hex(999_999)])
    block.facts.scenario = { contracts: scenario.contracts, deployer: devAccount(0).address, holders: [1, 2, 3, 4].map((index) => devAccount(index).address) }

    // A transaction: a token transfer and a reverted call to the Reverter, both from the history (the
    // scenario's own are in its emitter's blocks, whose receipts the block links would read ahead).
    const transaction = scene('transaction', 'a token transfer and a reverted call, with their receipts and blocks')
    await frame(transaction)
    const same = (one: string | null, other: string) => one?.toLowerCase() === other.toLowerCase()
    const transferHash = await newestInHistory(service, Number(latest.number), 'token transfer', (receipt) =>
      receipt.status === '0x1' && same(receipt.to, scenario.contracts.token) && receipt.logs.some((log) => log.topics[0] === transferTopic))
    const failedHash = await newestInHistory(service, Number(latest.number), 'reverted call to the Reverter', (receipt) =>
      receipt.status === '0x0' && same(receipt.to, scenario.contracts.reverter))
    const transfer = { hash: transferHash }
    transaction.facts.transfer = transfer.hash
    transaction.facts.failed = failedHash
    for (const hash of [transfer.hash, failedHash]) {
      const mined = await transaction.ask<{ blockHash: string; blockNumber: string }>('eth_getTransactionByHash', [hash])
      await transaction.ask('eth_getTransactionReceipt', [hash])
      await transaction.ask('eth_getBlockByHash', [mined.blockHash, false])
    }
    for (const hash of [transfer.hash, failedHash]) {
      await transaction.ask('ots_getInternalOperations', [hash])
      const mined = await transaction.ask<{ blockNumber: string }>('eth_getTransactionByHash', [hash])
      // The block link's page, read ahead when it takes the focus.
      await transaction.ask('eth_getBlockByNumber', [mined.blockNumber, false])
      await transaction.ask('eth_getBlockReceipts', [mined.blockNumber])
    }
    // The address pages the transfer's links read ahead as Tab passes them (checksummed, as the page writes
    // them): its sender, the token, and the tokens' sender and recipient.
    const transferReceipt = await transaction.ask<Receipt & { from: string }>('eth_getTransactionReceipt', [transfer.hash])
    const linked = [transferReceipt.from, transferReceipt.to!, ...transferReceipt.logs.filter((log) => log.topics[0] === transferTopic).flatMap((log) => log.topics.slice(1, 3))]
    for (const who of new Set(linked.map((word) => getAddress(`0x${word.slice(-40)}`)))) {
      for (const method of ['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode']) await transaction.ask(method, [who, 'latest'])
    }
    await transaction.ask('ots_getTransactionError', [failedHash])
    // Why the reverted one failed: its call replayed on the block before its own (src/queries/failureReason.ts).
    const failed = await transaction.ask<{ from: string; to: string; input: string; gas: string; value: string; blockNumber: string }>('eth_getTransactionByHash', [failedHash])
    await transaction.ask('eth_call', [{ from: failed.from, to: failed.to, data: failed.input, gas: failed.gas, value: failed.value }, hex(Number(failed.blockNumber) - 1)])

    // An address: a token holder, as the address page reads it at the head.
    const address = scene('address', 'a token holder and the token contract at the head')
    await frame(address)
    // Lowercase: the app writes addresses so in what it asks.
    const holder = devAccount(1).address.toLowerCase()
    address.facts.holder = holder
    address.facts.token = scenario.contracts.token.toLowerCase()
    await address.ask('eth_blockNumber')
    for (const who of [holder, scenario.contracts.token.toLowerCase()]) {
      await address.ask('ots_searchTransactionsBefore', [who, 0, 25])
      await address.ask('eth_getBalance', [who, 'latest'])
      await address.ask('eth_getTransactionCount', [who, 'latest'])
      await address.ask('eth_getCode', [who, 'latest'])
    }
    // The holder's token activity: transfers to and from it (ERC-20/721 Transfer, ERC-1155 single and batch).
    const padded = `0x${holder.slice(2).padStart(64, '0')}`
    const erc1155 = ['0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62', '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb']
    const range = { fromBlock: '0x0', toBlock: latest.number }
    for (const topics of [[transferTopic, padded], [transferTopic, null, padded], [erc1155, null, padded], [erc1155, null, null, padded]]) {
      await address.ask('eth_getLogs', [{ ...range, topics }])
    }
    // What the page reads of each token it found: its name, symbol, decimals and supply (checksummed, as found).
    for (const token of [scenario.contracts.token, scenario.contracts.nft].map((contract) => getAddress(contract))) {
      for (const data of ['0x06fdde03', '0x95d89b41', '0x313ce567', '0x18160ddd']) await address.ask('eth_call', [{ to: token, data }, 'latest'])
      // The holder's balance of it, at the head's number.
      await address.ask('eth_call', [{ to: token, data: `0x70a08231${padded.slice(2)}` }, latest.number])
    }

    // The latest blocks, as the blocks list's first page and the home page read them.
    const blocks = scene('blocks', 'the newest blocks below the head')
    await frame(blocks)
    for (let number = Number(latest.number); number > Number(latest.number) - newestBlocks; number--) {
      const one = await blocks.ask<Block>('eth_getBlockByNumber', [hex(number), false])
      // The newest blocks' transactions (the home page's list), read by hash; receipts by number for a step.
      if (number > Number(latest.number) - 4) {
        await blocks.ask('eth_getBlockByHash', [one.hash, true])
        await blocks.ask('eth_getBlockReceipts', [one.hash])
      }
      await blocks.ask('eth_getBlockReceipts', [hex(number)])
    }

    // The storage calculator's read of the token's balances mapping (slot 0) for the holder, at the head, as
    // the page asks it (the contract checksummed, the slot as computed): balanceOf at the head is beside it.
    const storage = scene('storage', 'a storage word of the token: the holder\'s entry of its balances mapping')
    await frame(storage)
    const balanceSlot = keccak256(concatHex([padHex(holder as Hex, { size: 32 }), padHex('0x0', { size: 32 })]))
    await storage.ask('eth_getStorageAt', [getAddress(scenario.contracts.token), balanceSlot, latest.number])

    // The logs search: the token's transfers in the recorded transfer's block, and in the genesis block (none).
    const logs = scene('logs', 'token Transfer logs of one block with transfers, and of the genesis block')
    await frame(logs)
    const transferBlock = (await service.rpc('eth_getTransactionByHash', [transfer.hash])).result as { blockNumber: string }
    for (const number of [transferBlock.blockNumber, '0x0']) {
      await logs.ask('eth_getLogs', [{ address: scenario.contracts.token.toLowerCase(), fromBlock: number, toBlock: number, topics: [transferTopic] }])
    }
    // The token the rows name: its name, symbol, decimals and supply (as the log writes its address).
    for (const data of ['0x06fdde03', '0x95d89b41', '0x313ce567', '0x18160ddd']) await logs.ask('eth_call', [{ to: scenario.contracts.token.toLowerCase(), data }, 'latest'])

    // Empty states: the genesis block (no transactions) and an address the chain has never touched.
    const empty = scene('empty', 'the genesis block, which holds no transactions, and an address with no activity')
    await frame(empty)
    empty.facts.emptyBlock = '0x0'
    for (const objects of [true, false]) await empty.ask('eth_getBlockByNumber', ['0x0', objects])
    await empty.ask('eth_getBlockReceipts', ['0x0'])
    const idle = '0x000000000000000000000000000000000000c0de'
    empty.facts.idleAddress = idle
    await empty.ask('ots_searchTransactionsBefore', [idle, 0, 25])
    for (const method of ['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode']) await empty.ask(method, [idle, 'latest'])
    const idleWord = `0x${idle.slice(2).padStart(64, '0')}`
    for (const topics of [[transferTopic, idleWord], [transferTopic, null, idleWord], [erc1155, null, idleWord], [erc1155, null, null, idleWord]]) {
      await empty.ask('eth_getLogs', [{ ...range, topics }])
    }

    // The layer-2 pages on the service's recorded sample networks (the local devnet has no layer-2 engine: its
    // gateway refuses both methods). Their answers are the providers' published ones (server/samples/recordings,
    // SOURCES.md), served by the real gateway; this records them as the app receives them.
    const sampleUrl = (name: string) => service.urls.rpc.replace(service.urls.rpcBase, `${service.urls.rpcBase}/sample/${name}`)
    const l2a = scene('l2a', 'the l2a-sample network: its description and raw block 5817 with its neighbours', sampleUrl('l2a-sample'))
    await l2a.ask('chainglass_sampleContents')
    for (const number of [5817, 5816, 5818]) await l2a.ask('l2a_getRawBlockTransactions', [number])
    const l2b = scene('l2b', 'the l2b-sample network: its description and its pending transactions', sampleUrl('l2b-sample'))
    await l2b.ask('chainglass_sampleContents')
    await l2b.ask('l2b_pendingTransactions')

    for (const made of scenes) made.write()
    await recordFiles(service, outDir)
  } finally {
    await service.close()
  }
}

await main()
