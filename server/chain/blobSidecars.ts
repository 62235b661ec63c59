import { Worker } from 'node:worker_threads'
import { commitmentToVersionedHash, stringToHex, toBlobs, type BlobSidecars, type Hex } from 'viem'

/** What a type-3 send needs besides its fees: the blob, its sidecar and the hash the transaction names. */
export type BlobParts = { blobs: Hex[]; sidecars: BlobSidecars<Hex>; blobVersionedHashes: Hex[] }

export type BlobMaker = {
  /** The blob of `text` with its KZG commitment and proof, made once per text and then reused. */
  partsFor(text: string): Promise<BlobParts>
  close(): Promise<void>
}

type Reply = { id: number; commitment?: Hex; proof?: Hex; error?: string }

/**
 * KZG commitments and proofs in pure JavaScript (micro-eth-signer) take about 2 s of CPU a blob: done on a
 * worker thread, so the gateway on the main thread keeps answering meanwhile. The worker starts with the
 * first blob and does not keep the process alive.
 *
 * These are EIP-4844 blob proofs (sidecar version 0). Osaka's PeerDAS wants cell proofs in new blocks'
 * gossip, but anvil (hardfork Bpo1) takes version-0 sidecars, and viem 2.57 sends nothing else.
 */
export function createBlobMaker(): BlobMaker {
  let worker: Worker | null = null
  let nextId = 1
  const waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>()
  const made = new Map<string, Promise<BlobParts>>()

  function start(): Worker {
    const started = new Worker(new URL('./kzgWorker.mjs', import.meta.url))
    started.unref()
    started.on('message', (reply: Reply) => {
      waiting.get(reply.id)?.resolve(reply)
      waiting.delete(reply.id)
    })
    started.on('error', (error) => {
      for (const { reject } of waiting.values()) reject(error)
      waiting.clear()
      worker = null
    })
    return started
  }

  function prove(blob: Hex): Promise<{ commitment: Hex; proof: Hex }> {
    worker ??= start()
    const id = nextId++
    const reply = new Promise<Reply>((resolve, reject) => waiting.set(id, { resolve, reject }))
    worker.postMessage({ id, blob })
    return reply.then(({ commitment, proof, error }) => {
      if (!commitment || !proof) throw new Error(`KZG worker: ${error ?? 'no answer'}`)
      return { commitment, proof }
    })
  }

  async function make(text: string): Promise<BlobParts> {
    const [blob] = toBlobs({ data: stringToHex(text) })
    if (!blob) throw new Error('no blob from an empty text')
    const { commitment, proof } = await prove(blob)
    return { blobs: [blob], sidecars: [{ blob, commitment, proof }], blobVersionedHashes: [commitmentToVersionedHash({ commitment })] }
  }

  return {
    partsFor(text) {
      let parts = made.get(text)
      if (!parts) {
        parts = make(text)
        // A failure is not remembered: the next blob with this text tries again.
        parts.catch(() => made.delete(text))
        made.set(text, parts)
      }
      return parts
    },
    async close() {
      const running = worker
      worker = null
      await running?.terminate()
    },
  }
}
