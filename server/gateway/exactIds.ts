/**
 * JSON-RPC 2.0 says a response's id is the request's id. JSON.parse reads every number as a double, so an id
 * such as 12345678901234567890 would come back as 12345678901234567000, and 1e23 spelled out as 1e+23. Such an
 * id is kept as its JSON text (ExactId) and written back as that text.
 *
 * Finding the text costs a walk over the body, so it is done only when a parsed id is a number that a double
 * cannot give back exactly (not a safe integer); every other id is echoed from its parsed value, which is exact.
 */

/** A numeric request id kept as the JSON text it came in. */
export class ExactId {
  readonly text: string
  constructor(text: string) {
    this.text = text
  }
}

/** JSON.parse, with numeric ids that a double would change replaced by their exact text. */
export function parseRequestText(text: string): unknown {
  const payload: unknown = JSON.parse(text)
  if (Array.isArray(payload)) {
    if (!payload.some(hasInexactId)) return payload
    const ids = batchIdTexts(text)
    payload.forEach((call, index) => {
      const idText = ids[index]
      if (hasInexactId(call) && idText !== undefined) (call as { id: unknown }).id = new ExactId(idText)
    })
  } else if (hasInexactId(payload)) {
    const start = skipSpace(text, 0)
    const idText = objectIdText(text, start).id
    if (idText !== undefined) (payload as { id: unknown }).id = new ExactId(idText)
  }
  return payload
}

function hasInexactId(call: unknown): boolean {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return false
  const id = (call as { id?: unknown }).id
  return typeof id === 'number' && !Number.isSafeInteger(id)
}

// The walkers below read text that JSON.parse has already accepted, so they need not check its grammar.

/** The raw id text of each element of a batch (undefined where an element has none, or is not an object). */
function batchIdTexts(text: string): Array<string | undefined> {
  const ids: Array<string | undefined> = []
  let at = skipSpace(text, skipSpace(text, 0) + 1)
  while (text[at] !== ']') {
    if (text[at] === '{') {
      const scanned = objectIdText(text, at)
      ids.push(scanned.id)
      at = scanned.end
    } else {
      ids.push(undefined)
      at = skipValue(text, at)
    }
    at = skipSpace(text, at)
    if (text[at] === ',') at = skipSpace(text, at + 1)
  }
  return ids
}

/** The raw text of the `id` member of the object at `start` (the last one, as JSON.parse keeps the last). */
function objectIdText(text: string, start: number): { id: string | undefined; end: number } {
  let id: string | undefined
  let at = skipSpace(text, start + 1)
  while (text[at] !== '}') {
    const keyEnd = skipString(text, at)
    const keyText = text.slice(at, keyEnd)
    const key = keyText.includes('\\') ? (JSON.parse(keyText) as string) : keyText.slice(1, -1)
    at = skipSpace(text, skipSpace(text, keyEnd) + 1)
    const valueEnd = skipValue(text, at)
    if (key === 'id') id = text.slice(at, valueEnd)
    at = skipSpace(text, valueEnd)
    if (text[at] === ',') at = skipSpace(text, at + 1)
  }
  return { id, end: at + 1 }
}

function skipSpace(text: string, at: number): number {
  for (let code = text.charCodeAt(at); code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d; code = text.charCodeAt(++at));
  return at
}

/** `at` is on the opening quote; returns the index after the closing one. */
function skipString(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0x5c) i++
    else if (code === 0x22) return i + 1
  }
  return text.length
}

/** Returns the index after the value that starts at `at`. */
function skipValue(text: string, at: number): number {
  const first = text[at]
  if (first === '"') return skipString(text, at)
  if (first === '{' || first === '[') {
    let depth = 0
    for (let i = at; i < text.length; i++) {
      const char = text[i]
      if (char === '"') i = skipString(text, i) - 1
      else if (char === '{' || char === '[') depth++
      else if (char === '}' || char === ']') {
        depth--
        if (depth === 0) return i + 1
      }
    }
    return text.length
  }
  let i = at
  while (i < text.length && !',}] \t\n\r'.includes(text[i]!)) i++
  return i
}
