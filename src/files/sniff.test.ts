import { describe, expect, it } from 'vitest'
import { decodeText, prettyJson, sniffContent, sniffImage } from './sniff.ts'

const enc = (text: string) => new TextEncoder().encode(text)
const withBytes = (head: number[], rest = 32) => new Uint8Array([...head, ...new Array(rest).fill(1)])

describe('sniffContent', () => {
  it('knows images and PDF by their magic bytes, and sets only safe types', () => {
    expect(sniffContent(withBytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({ kind: 'image', type: 'image/png' })
    expect(sniffContent(withBytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ kind: 'image', type: 'image/jpeg' })
    expect(sniffContent(enc('GIF89a......'))).toEqual({ kind: 'image', type: 'image/gif' })
    expect(sniffContent(enc('RIFF\0\0\0\0WEBPVP8 '))).toEqual({ kind: 'image', type: 'image/webp' })
    expect(sniffContent(enc('%PDF-1.7\n%...'))).toEqual({ kind: 'pdf', type: 'application/pdf' })
  })

  it('a text that starts "BM" is text, not a bitmap', () => {
    expect(sniffImage(enc('BM is a text file about bitmaps, long enough'))).toBeNull()
    expect(sniffContent(enc('BM is a text file'))).toMatchObject({ kind: 'text' })
  })

  it('SVG is its own kind (it can carry scripts), with or without an XML prolog', () => {
    expect(sniffContent(enc('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toMatchObject({ kind: 'svg' })
    expect(sniffContent(enc('<?xml version="1.0"?>\n<!-- made by hand -->\n<svg width="1"/>'))).toMatchObject({ kind: 'svg' })
  })

  it('HTML is only text', () => {
    expect(sniffContent(enc('<!doctype html><img src=x onerror=alert(1)>'))).toEqual({ kind: 'text', text: '<!doctype html><img src=x onerror=alert(1)>' })
  })

  it('JSON is pretty-printed from its own text, so big numbers stay exact', () => {
    const result = sniffContent(enc('{"a":[1,2,{}],"big":12345678901234567890,"s":"x,y:{z}\\"q"}'))
    expect(result).toEqual({
      kind: 'json',
      text: '{"a":[1,2,{}],"big":12345678901234567890,"s":"x,y:{z}\\"q"}',
      pretty: '{\n  "a": [\n    1,\n    2,\n    {}\n  ],\n  "big": 12345678901234567890,\n  "s": "x,y:{z}\\"q"\n}',
    })
    expect(prettyJson('[ ]')).toBe('[]')
    // A cut-off preview of JSON cannot be judged whole: shown as text.
    expect(sniffContent(enc('{"a": 1, "b": [1, 2'), { truncated: true })).toMatchObject({ kind: 'text' })
    expect(sniffContent(enc('{"a": 1, oops}'))).toMatchObject({ kind: 'text' })
  })

  it('binary stays binary; a multi-byte character cut at the end of a preview is still text', () => {
    expect(sniffContent(new Uint8Array([0, 1, 2, 3, 255, 254]))).toEqual({ kind: 'binary' })
    const euro = enc('price: €')
    expect(decodeText(euro.subarray(0, euro.length - 1), true)).toBe('price: ')
    expect(decodeText(euro.subarray(0, euro.length - 1), false)).toBeNull()
    expect(sniffContent(new Uint8Array(0))).toEqual({ kind: 'text', text: '' })
  })
})
