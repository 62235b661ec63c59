import type { APIRequestContext } from '@playwright/test'
import type { Hex } from 'viem'
import { e2ePorts } from './ports.ts'

/**
 * The tests' hands on the local chain (server/testControl.ts): the e2e service mines nothing by itself beyond
 * a block per transaction, so a test that needs blocks, a block of several transactions, funds or a timestamp
 * asks for them here. Reachable on loopback only, on a port of its own; the gateway refuses every such method.
 */
const controlUrl = `http://127.0.0.1:${e2ePorts.control}`

async function control<T>(request: APIRequestContext, verb: string, body: unknown): Promise<T> {
  const response = await request.post(`${controlUrl}/${verb}`, { data: body })
  const answer = (await response.json()) as T & { error?: string }
  if (!response.ok()) throw new Error(`test control /${verb}: ${answer.error ?? response.status()}`)
  return answer
}

/** Mines `blocks` empty blocks (the first at `timestamp`, when given); resolves with the new head. */
export async function mineBlocks(request: APIRequestContext, blocks = 1, timestamp?: number): Promise<number> {
  return (await control<{ head: number }>(request, 'mine', { blocks, timestamp })).head
}

export type ControlTransfer = { from: number; to: Hex; value?: bigint; data?: Hex; gas?: bigint }

/** Signs and sends every transfer from the dev accounts named, all mined into one block. */
export async function sendInOneBlock(request: APIRequestContext, transfers: ControlTransfer[]): Promise<{ block: number; hashes: Hex[] }> {
  const body = transfers.map((transfer) => ({ ...transfer, value: transfer.value?.toString(), gas: transfer.gas?.toString() }))
  return control(request, 'send', { transfers: body })
}

/** Sets `address`'s balance on the node: no transaction, no block. */
export async function setBalance(request: APIRequestContext, address: Hex, wei: bigint): Promise<void> {
  await control(request, 'fund', { address, wei: wei.toString() })
}

/** The head as the node has it. */
export async function controlHead(request: APIRequestContext): Promise<number> {
  const response = await request.get(`${controlUrl}/head`)
  return ((await response.json()) as { head: number }).head
}

/** `blocks` more blocks of the service's seeded traffic mix (transfers, tokens, failures, creations), a block per tick; resolves with the new head. */
export async function trafficBlocks(request: APIRequestContext, blocks: number): Promise<number> {
  return (await control<{ head: number }>(request, 'traffic', { blocks })).head
}
