import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { readFixture } from '../../server/testing/fixtures.ts'
import { tokenTransfers } from '../evm/tokenTransfers.ts'
import type { Log } from '../rpc/schemas.ts'
import { transfersToCsv } from './historyCsv.ts'

/** A mainnet receipt with an ERC-20 Transfer, as Erigon answered it (the recorded sample's). */
const receipt = (JSON.parse(readFixture('erigon-mainnet-eth_getTransactionReceipt-logs.json')) as Array<{ response: { result: { logs: Log[] } } }>)[0]!.response.result

describe('token transfers as CSV', () => {
  it('a line per transfer, the amount in base units as the log holds it, the token, both parties', () => {
    const rows = receipt.logs.flatMap((log) => tokenTransfers(log as Log & { address: `0x${string}` }).map((transfer) => ({ log, transfer })))
    expect(rows).toHaveLength(1)
    const lines = transfersToCsv(rows).trimEnd().split('\n')
    expect(lines[0]).toBe('blockNumber,transactionHash,logIndex,standard,token,from,to,tokenId,amount')
    const [log] = receipt.logs
    expect(lines[1]!.split(',')).toEqual([
      BigInt(log!.blockNumber!).toString(),
      log!.transactionHash,
      BigInt(log!.logIndex!).toString(),
      'ERC-20',
      getAddress(log!.address),
      // Topics 1 and 2 are the parties, the data the amount (the ERC-20 Transfer event's layout); checksummed.
      getAddress(`0x${log!.topics[1]!.slice(26)}`),
      getAddress(`0x${log!.topics[2]!.slice(26)}`),
      '',
      BigInt(log!.data).toString(),
    ])
  })
})
