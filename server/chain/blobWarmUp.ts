import { parseGwei } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { blobEntries, blobPartsFor } from './blobs.ts'
import { createChainClient } from './chainClient.ts'

/**
 * anvil loads its KZG trusted setup when the first blob transaction after it starts arrives, and meanwhile the
 * whole node answers nothing (anvil 1.7.1 as the service runs it, --ipc and --state, straight to its HTTP port
 * as through the gateway; on a busy machine past the gateway's deadline, so every page saw "node unavailable").
 * The traffic sends blobs, so without this the stall came a while after "ready", in the middle of whatever a
 * visitor was doing.
 *
 * Sending one blob transaction from a fresh, unfunded key right after the node starts moves the stall there:
 * the node checks the blob's proof (loading the setup), then refuses the transaction for want of funds, so
 * nothing lands on the chain and no account's nonce moves. Resolves with how long the node took, or null on
 * a chain whose hardfork has no blobs (nothing to warm). Never rejects: a node that cannot be warmed still runs.
 */
export async function warmBlobChecks(httpUrl: string): Promise<number | null> {
  const client = createChainClient(httpUrl, { timeoutMs: 60_000 })
  try {
    const [latest, chainId] = await Promise.all([client.getBlock({ blockTag: 'latest' }), client.getChainId()])
    if (latest.blobGasUsed === undefined || latest.blobGasUsed === null) return null
    const account = privateKeyToAccount(generatePrivateKey())
    const signed = await account.signTransaction({
      type: 'eip4844',
      chainId,
      nonce: 0,
      to: account.address,
      gas: 21_000n,
      maxFeePerGas: parseGwei('10'),
      maxPriorityFeePerGas: 1n,
      maxFeePerBlobGas: parseGwei('10'),
      ...blobPartsFor(blobEntries[0].text),
    })
    const started = Date.now()
    // Refused (no funds) once the proof has been checked: the refusal is the expected answer.
    await client.request({ method: 'eth_sendRawTransaction', params: [signed] }).catch(() => {})
    return Date.now() - started
  } catch {
    return null
  }
}
