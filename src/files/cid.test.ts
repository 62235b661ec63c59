import { describe, expect, it } from 'vitest'
import { checkCid, ipfsLink, toV1Base32 } from './cid.ts'

const hello = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o'
const helloV1 = 'bafybeicg2rebjoofv4kbyovkw7af3rpiitvnl6i7ckcywaq6xjcxnc2mby'

describe('checkCid', () => {
  it('accepts v0 and v1, with or without ipfs:// or /ipfs/, and gives the base32 v1', () => {
    for (const input of [hello, ` ${hello}\n`, `ipfs://${hello}`, `/ipfs/${hello}`]) {
      expect(checkCid(input)).toEqual({ ok: true, cid: hello, version: 0, v1: helloV1, codec: 'dag-pb', unixfs: true })
    }
    expect(checkCid(helloV1)).toMatchObject({ ok: true, version: 1, v1: helloV1 })
    expect(checkCid('bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4')).toMatchObject({ ok: true, codec: 'raw', unixfs: true })
  })

  it('says what is wrong in words', () => {
    const problem = (input: string) => {
      const result = checkCid(input)
      return result.ok ? null : result.problem
    }
    expect(problem('')).toMatch(/Paste a CID/)
    expect(problem(hello.slice(0, -1))).toMatch(/46 characters long .* this one has 45/)
    expect(problem(hello.replace('5o', '0o'))).toMatch(/cannot contain "0"/)
    expect(problem(`${hello}/readme.txt`)).toMatch(/That is a path/)
    expect(problem('Qm T78')).toMatch(/no spaces/)
    expect(problem('0x1234abcd')).toMatch(/hex value/)
    expect(problem('hello')).toMatch(/not "h"/)
    expect(problem('bafy')).toMatch(/cut short/)
    expect(problem('bafyBEIG')).toMatch(/lowercase letters .* "B", "E", "I", "G"/)
    expect(problem(helloV1.toUpperCase())).toMatch(/Upper-case/)
  })

  it('flags a CID a UnixFS store does not hold as such', () => {
    const dagCbor = 'bafyreidykglsfhoixmivffc5uwhcgshx4j465xwqntbmu43nb2dzqwfvae'
    expect(checkCid(dagCbor)).toMatchObject({ ok: true, codec: 'dag-cbor', unixfs: false })
  })
})

describe('conversions', () => {
  it('turns a v0 into its base32 v1 (multiformats: toV1().toString())', () => {
    expect(toV1Base32(hello)).toBe(helloV1)
    expect(toV1Base32('nope')).toBeNull()
    expect(ipfsLink(hello)).toBe(`ipfs://${hello}`)
  })
})
