import { CID } from 'multiformats/cid'
import { badRequest } from './errors.ts'

/** The query string as Fastify parses it: a repeated key becomes an array (Kubo repeats `arg`). */
export type Query = Record<string, string | string[] | undefined>

/** Every value given for an option, under its long name or any of Kubo's short aliases. */
function values(query: Query, names: readonly string[]): string[] {
  return names.flatMap((name) => {
    const value = query[name]
    return value === undefined ? [] : Array.isArray(value) ? value : [value]
  })
}

/** Every `arg` given, in order (Kubo repeats `arg` for a command's arguments). */
export function argValues(query: Query): string[] {
  return values(query, ['arg'])
}

/** The last value wins, as in Kubo; undefined when the option is absent. */
export function option(query: Query, ...names: string[]): string | undefined {
  return values(query, names).at(-1)
}

/** Kubo parses booleans with Go's strconv.ParseBool; a bare `?progress` means true. */
export function boolOption(query: Query, fallback: boolean, ...names: string[]): boolean {
  const raw = option(query, ...names)
  if (raw === undefined) return fallback
  if (['', '1', 't', 'T', 'true', 'TRUE', 'True'].includes(raw)) return true
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(raw)) return false
  throw badRequest(`could not convert value "${raw}" to type "bool" (for option "-${names[0]}")`)
}

/** A non-negative integer option (cat's offset and length); undefined when absent. */
export function nonNegativeIntOption(query: Query, name: string): number | undefined {
  const raw = option(query, name)
  if (raw === undefined) return undefined
  if (!/^-?\d+$/.test(raw)) throw badRequest(`could not convert value "${raw}" to type "int64" (for option "-${name}")`)
  const value = Number(raw)
  if (value < 0) throw badRequest(`cannot specify negative ${name}`)
  if (!Number.isSafeInteger(value)) throw badRequest(`${name} is too large`)
  return value
}

export type ContentPath = { cid: CID; rest: string[]; text: string }

/**
 * `<cid>`, `<cid>/a/b`, `/ipfs/<cid>[/a/b]` as Kubo takes them. A malformed one is the client's mistake
 * (400), found before the store is touched.
 */
export function parseContentPath(text: string): ContentPath {
  let path = text.trim()
  if (path.startsWith('/ipfs/')) path = path.slice('/ipfs/'.length)
  else if (path.startsWith('/')) throw badRequest(`invalid path "${text}": only /ipfs/ paths are served here`)
  const [first = '', ...rest] = path.split('/')
  let cid: CID
  try {
    cid = CID.parse(first)
  } catch {
    throw badRequest(`invalid path "${text}": "${first}" is not a valid CID`)
  }
  return { cid, rest: rest.filter((segment) => segment !== ''), text }
}

/** The `arg` values, parsed; at least one is required (Kubo names the argument in its message). */
export function contentPathArgs(query: Query, argumentName: string): ContentPath[] {
  const args = values(query, ['arg'])
  if (args.length === 0) throw badRequest(`argument "${argumentName}" is required`)
  return args.map(parseContentPath)
}
