import { commitmentToVersionedHash, stringToHex, toBlobs, type BlobSidecars, type Hex } from 'viem'

/**
 * The traffic's blobs: three short texts with their KZG commitments and proofs written down once, so a blob
 * transaction costs no CPU to send. Computing them in pure JavaScript (micro-eth-signer) is slow, a cost the
 * busy local service would pay on every start; blobs.test.ts checks every entry against the KZG trusted setup
 * and prints fresh values for a changed text.
 *
 * These are EIP-4844 proofs (sidecar version 0). Osaka's PeerDAS wants cell proofs for new blocks' gossip,
 * but anvil 1.7.1 (hardfork Bpo1) takes version-0 sidecars, and viem 2.57 sends nothing else.
 */
export const blobEntries = [
  {
    text: 'chainglass blob: a note from the local chain',
    commitment: '0x97a2f97ee0f624f5cc26bfaf4f533429ac507fa8f048ac326be16455e0c863fdd26a7c514816af73e75fde0eec3703bc',
    proof: '0xb9d8f17e1f1845ab4bca69f12a2d35518e742ca14f43b22f90e3a33316aae2c4148ca4a648dc5b505136353509b5b1e1',
  },
  {
    text: 'chainglass blob: 4096 field elements, nearly all of them zero',
    commitment: '0x88acab0a7eb9d70880ece070121e867b5167c0f16755583944b302010971b639b1d8ac8c3232bc9fbfcd5ecf7e49d55e',
    proof: '0x8a079b63229de5960221b836161c284ad10b63c5d8dba27f7634ddd2e911fcdd8132152d0e2235de2c210a623869aea7',
  },
  {
    text: 'chainglass blob: kept by the node for a while, then gone; its versioned hash stays on chain',
    commitment: '0xa4abef3c41e8034bf44ceee8844bd31ef5be6ae664fd9ddd4d8d05ae2d015f21495f126050ffeb8764bf214d71e0b4a5',
    proof: '0xaa9960f8866f87b567f3a5ad27c5854cf899090ac9b9fbc531da50c9550e7e32a31eec54f31086cc46231dcfa093d890',
  },
] as const satisfies ReadonlyArray<{ text: string; commitment: Hex; proof: Hex }>

export const blobTexts: readonly string[] = blobEntries.map((entry) => entry.text)

/** What a type-3 send needs besides its fees: the blob, its sidecar and the hash the transaction names. */
export type BlobParts = { blobs: Hex[]; sidecars: BlobSidecars<Hex>; blobVersionedHashes: Hex[] }

/** The one blob holding `text`, as viem's toBlobs lays it out. */
export function blobOf(text: string): Hex {
  const [blob] = toBlobs({ data: stringToHex(text) })
  if (!blob) throw new Error('no blob from an empty text')
  return blob
}

export function blobPartsFor(text: string): BlobParts {
  const entry = blobEntries.find((candidate) => candidate.text === text)
  if (!entry) throw new Error(`no KZG commitment written down for the blob text "${text}" (blobs.test.ts prints one)`)
  const blob = blobOf(text)
  const { commitment, proof } = entry
  return { blobs: [blob], sidecars: [{ blob, commitment, proof }], blobVersionedHashes: [commitmentToVersionedHash({ commitment })] }
}
