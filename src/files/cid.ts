import { CID } from 'multiformats/cid'

/**
 * CIDs as people paste them: checked with multiformats before anything is sent, with a message that says
 * what is wrong (multiformats' own messages, "Invalid CID version 80", say little to a person).
 */

export type CidCheck =
  | {
      ok: true
      /** The CID as given (prefixes like ipfs:// removed). */
      cid: string
      version: 0 | 1
      /** CIDv1 in base32, the form that is the same whatever tool printed the CID. */
      v1: string
      codec: string
      /** dag-pb or raw: what a UnixFS file store (this one, Kubo) holds files as. */
      unixfs: boolean
    }
  | { ok: false; problem: string }

const codecNames: Record<number, string> = { 0x70: 'dag-pb', 0x55: 'raw', 0x71: 'dag-cbor', 0x0129: 'dag-json', 0x0200: 'json', 0x51: 'cbor' }
const base58Alphabet = /^[1-9A-HJ-NP-Za-km-z]+$/
const base32Alphabet = /^[a-z2-7]+$/
const base36Alphabet = /^[a-z0-9]+$/

function strayCharacters(text: string, allowed: RegExp): string {
  return [...new Set([...text].filter((character) => !allowed.test(character)))].map((character) => `"${character}"`).join(', ')
}

/** Takes a CID alone, or as `ipfs://<cid>` or `/ipfs/<cid>`; a path after the CID is refused (pin a CID, not a path). */
export function checkCid(input: string): CidCheck {
  let text = input.trim()
  if (text === '') return { ok: false, problem: 'Paste a CID: Qm… (CIDv0) or bafy… (CIDv1).' }
  text = text.replace(/^ipfs:\/\//i, '').replace(/^\/ipfs\//, '')
  if (/\s/.test(text)) return { ok: false, problem: 'A CID has no spaces or line breaks in it.' }
  if (text.includes('/')) return { ok: false, problem: 'That is a path: paste the CID alone, without anything after a "/".' }
  if (/^0x[0-9a-f]*$/i.test(text)) return { ok: false, problem: 'That is a hex value (a block or transaction hash?), not a CID.' }

  const first = text[0]!
  if (text.startsWith('Qm')) {
    if (!base58Alphabet.test(text)) return { ok: false, problem: `A CIDv0 is base58: it cannot contain ${strayCharacters(text, /[1-9A-HJ-NP-Za-km-z]/)} (no 0, O, I or l).` }
    if (text.length !== 46) return { ok: false, problem: `A CIDv0 is 46 characters long (Qm and 44 more); this one has ${text.length}.` }
  } else if (first === 'b') {
    if (!base32Alphabet.test(text.slice(1))) return { ok: false, problem: `A base32 CIDv1 (b…) has only lowercase letters and the digits 2–7: ${strayCharacters(text.slice(1), /[a-z2-7]/)} cannot be in it.` }
  } else if (first === 'B') {
    return { ok: false, problem: 'Upper-case base32 CIDs are not read here: paste it in lower case (bafy…).' }
  } else if (first === 'z') {
    if (!base58Alphabet.test(text.slice(1))) return { ok: false, problem: `A base58 CIDv1 (z…) cannot contain ${strayCharacters(text.slice(1), /[1-9A-HJ-NP-Za-km-z]/)}.` }
  } else if (first === 'k') {
    if (!base36Alphabet.test(text.slice(1))) return { ok: false, problem: `A base36 CIDv1 (k…) has only lowercase letters and digits: ${strayCharacters(text.slice(1), /[a-z0-9]/)} cannot be in it.` }
  } else {
    return { ok: false, problem: `Not a CID: a CID starts with Qm (v0) or with a multibase letter such as b (v1 in base32), not "${first}".` }
  }

  let cid: CID
  try {
    cid = CID.parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { ok: false, problem: `Not a valid CID (${/end of data|length/i.test(reason) ? 'it is cut short' : reason}): check that it was copied whole.` }
  }
  const codec = codecNames[cid.code] ?? `codec 0x${cid.code.toString(16)}`
  return { ok: true, cid: text, version: cid.version === 0 ? 0 : 1, v1: cid.toV1().toString(), codec, unixfs: cid.code === 0x70 || cid.code === 0x55 }
}

/** CIDv1 in base32 (multiformats: CID.parse(v0).toV1().toString()); null for something that is not a CID. */
export function toV1Base32(cid: string): string | null {
  try {
    return CID.parse(cid).toV1().toString()
  } catch {
    return null
  }
}

export function ipfsLink(cid: string): string {
  return `ipfs://${cid}`
}
