import Fastify from 'fastify'
import type { Hex } from 'viem'
import { chainOf, createChainClient } from './chain/chainClient.ts'
import { devAccount } from './chain/devAccounts.ts'
import { feeFields, readBaseFee } from './chain/fees.ts'
import { nodeCaller, withoutAutomine } from './chain/nodeCall.ts'
import type { Scenario } from './chain/scenario.ts'
import { buildHistory } from './chain/traffic.ts'

/**
 * The tests' control of the local chain (CHAINGLASS_TEST_CONTROL_PORT; off unless set): mine, send and set the
 * time, so the chain moves only when a test moves it. It talks to anvil on its internal port, on a port of its
 * own bound to loopback: the gateway's allowlist never lets an anvil_ or evm_ method through, and a deployment
 * that does not set the variable has no such port at all.
 */
export type TestControl = { port: number; close(): Promise<void> }

type Transfer = { from: number; to: Hex; value?: string; data?: Hex; gas?: string }

export async function startTestControl(port: number, urls: { node: string; rpc: string }, scenario: Scenario, log: (line: string) => void): Promise<TestControl> {
  const nodeUrl = urls.node
  const chain = createChainClient(nodeUrl, { timeoutMs: 30_000 })
  const node = nodeCaller(nodeUrl)
  const head = async () => Number(BigInt(await node<Hex>('eth_blockNumber')))

  // One change at a time: a send turns automine off for its block, and another request must not meet that.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work)
    queue = run.catch(() => undefined)
    return run
  }

  /** Sends every transfer and mines them into one block; automine is put back as it was. */
  function sendInOneBlock(transfers: Transfer[]): Promise<{ block: number; hashes: Hex[] }> {
    return withoutAutomine(node, async () => {
      const [definition, baseFee] = await Promise.all([chainOf(chain), readBaseFee(chain)])
      const next = new Map<number, number>()
      const rawTransactions: Hex[] = []
      for (const transfer of transfers) {
        const account = devAccount(transfer.from)
        const nonce = next.get(transfer.from) ?? (await chain.getTransactionCount({ address: account.address, blockTag: 'pending' }))
        next.set(transfer.from, nonce + 1)
        const signed = await account.signTransaction({
          chainId: definition.id,
          nonce,
          to: transfer.to,
          value: BigInt(transfer.value ?? 0),
          data: transfer.data,
          gas: BigInt(transfer.gas ?? 21_000),
          ...feeFields('eip1559', baseFee),
        } as Parameters<typeof account.signTransaction>[0])
        rawTransactions.push(signed)
      }
      // Sent all at once: with automine off the pool takes them in any order, and the block orders them by nonce.
      const hashes = await Promise.all(rawTransactions.map((signed) => node<Hex>('eth_sendRawTransaction', [signed])))
      await node('evm_mine')
      return { block: await head(), hashes }
    })
  }

  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 })
  app.get('/', async () => ({ verbs: ['POST /mine {blocks?, timestamp?}', 'POST /send {transfers: [{from, to, value?, data?, gas?}]}', 'POST /time {timestamp}', 'POST /interval {seconds}', 'POST /fund {address, wei}', 'POST /traffic {blocks}', 'GET /head'] }))
  app.get('/head', async () => ({ head: await head() }))
  app.post<{ Body: { blocks?: number; timestamp?: number } | null }>('/mine', async (request) =>
    serial(async () => {
      const { blocks = 1, timestamp } = request.body ?? {}
      if (timestamp !== undefined) await node('evm_setNextBlockTimestamp', [timestamp])
      await node('anvil_mine', [`0x${blocks.toString(16)}`])
      return { head: await head() }
    }),
  )
  app.post<{ Body: { transfers: Transfer[] } }>('/send', async (request) => serial(() => sendInOneBlock(request.body.transfers)))
  app.post<{ Body: { timestamp: number } }>('/time', async (request) =>
    serial(async () => {
      await node('evm_setNextBlockTimestamp', [request.body.timestamp])
      return { next: request.body.timestamp }
    }),
  )
  app.post<{ Body: { seconds: number } }>('/interval', async (request) =>
    serial(async () => {
      // 0 stops interval mining; automine (a block per transaction) stays as it was.
      await node('evm_setIntervalMining', [request.body.seconds])
      return { seconds: request.body.seconds }
    }),
  )
  app.post<{ Body: { address: Hex; wei: string } }>('/fund', async (request) =>
    serial(async () => {
      // A balance set on the node, no transaction: funding a test's account moves no block and races no nonce.
      await node('anvil_setBalance', [request.body.address, `0x${BigInt(request.body.wei).toString(16)}`])
      return { address: request.body.address, wei: request.body.wei }
    }),
  )
  app.post<{ Body: { blocks: number } }>('/traffic', async (request) =>
    serial(async () => {
      // The seeded traffic mix again, a block per tick: a test that reads "the recent blocks" builds them.
      const head = await buildHistory({ rpcUrl: urls.rpc, scenario, log: () => {}, ticks: request.body.blocks, node })
      return { head: Number(head) }
    }),
  )
  app.setErrorHandler(async (error, _request, reply) => reply.code(500).send({ error: error instanceof Error ? error.message : String(error) }))
  await app.listen({ host: '127.0.0.1', port })
  const address = app.server.address()
  const bound = typeof address === 'object' && address ? address.port : port
  log(`test control: on http://127.0.0.1:${bound} (tests only: mine, send, set time)`)
  return { port: bound, close: () => app.close() }
}
