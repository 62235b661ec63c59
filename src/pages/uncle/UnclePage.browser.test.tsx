import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { hexToBigInt } from 'viem'
import blockWithUncle from '../../../server/samples/recordings/ethereumjs-mainnet-block-0x913156-with-uncles.json'
import uncleHeader from '../../../server/samples/recordings/ethereumjs-mainnet-uncle-0x913154-of-block-0x913156.json'
import { describePage } from '../../testing/pageMatrix.ts'
import type { Recording } from '../../testing/replay.ts'

// Mainnet block 9,515,350 and its uncle, recorded from real nodes (server/samples/recordings/SOURCES.md: the
// files hold the result only; the requests are the ones SOURCES.md names).
const block = blockWithUncle as { number: string; hash: string; uncles: string[] }
const uncle = uncleHeader as { number: string; hash: string; miner: string }
const recording: Recording = {
  source: 'server/samples/recordings/ethereumjs-mainnet-*-0x913156 (SOURCES.md)',
  calls: [
    { method: 'eth_getBlockByNumber', params: [block.number, false], result: block },
    { method: 'eth_getUncleByBlockNumberAndIndex', params: [block.number, '0x0'], result: uncle },
    { method: 'eth_getUncleByBlockHashAndIndex', params: [block.hash, '0x0'], result: uncle },
    { method: 'eth_getBlockByHash', params: [block.hash, false], result: block },
  ],
}

describePage({
  name: 'uncle',
  url: `/uncle/${hexToBigInt(block.number as `0x${string}`)}/0`,
  recordings: [recording],
  full: async () => {
    expect(block.uncles).toContain(uncle.hash)
    await expect.element(page.getByTestId('uncle-title')).toHaveTextContent(`Uncle 0 of block ${hexToBigInt(block.number as `0x${string}`).toLocaleString('en-US')}`)
    await expect.element(page.getByTestId('uncle-page')).toHaveTextContent(uncle.hash)
  },
  focus: () => page.getByTestId('uncle-page').element().querySelector('a[href*="/block/"]')!,
})
