/**
 * What a piece of content is, judged from its bytes alone: stored content has no trusted type, and the
 * service answers `cat` as text/plain whatever it holds. Only types chosen here are ever given to a blob,
 * and none of them is one a browser would run (no text/html, no image/svg+xml).
 */

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/avif' | 'image/bmp' | 'image/x-icon'

export type SniffedContent =
  | { kind: 'image'; type: ImageType }
  | { kind: 'pdf'; type: 'application/pdf' }
  /** SVG can carry scripts: shown as its source, and rendered only in a sandboxed frame. */
  | { kind: 'svg'; text: string }
  | { kind: 'json'; text: string; pretty: string }
  | { kind: 'text'; text: string }
  | { kind: 'binary' }

function startsWith(bytes: Uint8Array, signature: ReadonlyArray<number | null>, at = 0): boolean {
  if (bytes.length < at + signature.length) return false
  return signature.every((byte, index) => byte === null || bytes[at + index] === byte)
}

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0))

/** Magic numbers; the weak two-byte BMP one also needs a known header size so a text starting "BM" stays text. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  if (startsWith(bytes, ascii('ftypavif'), 4) || startsWith(bytes, ascii('ftypavis'), 4)) return 'image/avif'
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length > 6 && bytes[4]! > 0) return 'image/x-icon'
  if (startsWith(bytes, ascii('BM')) && bytes.length > 18 && [12, 40, 52, 56, 108, 124].includes(bytes[14]! | (bytes[15]! << 8)) && bytes[16] === 0 && bytes[17] === 0) {
    return 'image/bmp'
  }
  return null
}

/** UTF-8 text without NULs and with few control characters; null for anything else. A cut-off last character is allowed. */
export function decodeText(bytes: Uint8Array, truncated: boolean): string | null {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: truncated })
  } catch {
    return null
  }
  let controls = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 0) return null
    // Tab, line feed, form feed, carriage return and escape (ANSI colours in logs) are normal in text.
    if ((code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13 && code !== 27) || code === 127) controls++
  }
  return controls > Math.max(2, text.length / 100) ? null : text
}

const svgStart = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i

/**
 * JSON re-indented from its own text, so numbers stay exactly as written (JSON.parse would round
 * 12345678901234567890); call only on text JSON.parse accepted.
 */
export function prettyJson(text: string, indent = '  '): string {
  let out = ''
  let depth = 0
  let inString = false
  const newline = () => `\n${indent.repeat(depth)}`
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!
    if (inString) {
      out += character
      if (character === '\\') out += text[++index] ?? ''
      else if (character === '"') inString = false
      continue
    }
    if (character === ' ' || character === '\n' || character === '\r' || character === '\t') continue
    if (character === '"') {
      inString = true
      out += character
    } else if (character === '{' || character === '[') {
      const close = character === '{' ? '}' : ']'
      let peek = index + 1
      while (/\s/.test(text[peek] ?? '')) peek++
      if (text[peek] === close) {
        out += character + close
        index = peek
      } else {
        depth++
        out += character + newline()
      }
    } else if (character === '}' || character === ']') {
      depth--
      out += newline() + character
    } else if (character === ',') {
      out += `,${newline()}`
    } else if (character === ':') {
      out += ': '
    } else {
      out += character
    }
  }
  return out
}

/** `truncated`: the bytes are the first part of something longer (a preview), so JSON cannot be judged whole. */
export function sniffContent(bytes: Uint8Array, { truncated = false }: { truncated?: boolean } = {}): SniffedContent {
  const image = sniffImage(bytes)
  if (image) return { kind: 'image', type: image }
  if (startsWith(bytes, ascii('%PDF-'))) return { kind: 'pdf', type: 'application/pdf' }
  const text = decodeText(bytes, truncated)
  if (text === null) return { kind: 'binary' }
  if (svgStart.test(text.slice(0, 4096))) return { kind: 'svg', text }
  const trimmed = text.trim()
  if (!truncated && (trimmed.startsWith('{') || trimmed.startsWith('['))) {
    try {
      JSON.parse(trimmed)
      return { kind: 'json', text, pretty: prettyJson(trimmed) }
    } catch {
      // Looked like JSON, is not: shown as the text it is.
    }
  }
  return { kind: 'text', text }
}
