import * as v from 'valibot'
import { issuesOf, parseUserNetwork, type FieldIssue, type UserNetworkRecord } from './userNetworks.ts'

/**
 * Networks to and from a JSON file, to move them between browsers or share them. An export carries no
 * project key or secret unless the user asks for them; an import is checked whole before anything is
 * saved, and every problem is named by its path ("networks[1].rpcBase: expected an http:// or https:// URL").
 */

export const exchangeFormat = 'chainglass-networks'
export const exchangeVersion = 1

export type ExportedNetwork = Omit<UserNetworkRecord, 'key'> & { key?: string; secret?: string }
export type NetworksFile = { format: typeof exchangeFormat; version: typeof exchangeVersion; networks: ExportedNetwork[] }

/**
 * The file's content. With `includeCredentials`, each network's key and (when one is stored) secret go
 * in; without, neither does, and the importer enters their own.
 */
export function exportNetworks(records: readonly UserNetworkRecord[], options: { includeCredentials: boolean; secretOf: (name: string) => string | null }): string {
  const networks = records.map((record): ExportedNetwork => {
    const { key, ...rest } = record
    if (!options.includeCredentials) return rest
    const secret = options.secretOf(record.name)
    return { ...rest, key, ...(secret ? { secret } : {}) }
  })
  const file: NetworksFile = { format: exchangeFormat, version: exchangeVersion, networks }
  return `${JSON.stringify(file, null, 2)}\n`
}

export type ImportEntry = {
  record: UserNetworkRecord
  /** The secret in the file, if it had one. */
  secret: string | null
  /** Whether it replaces a network of yours with the same name. */
  replaces: boolean
}

export type ImportPlan = { ok: true; entries: ImportEntry[] } | { ok: false; problems: string[] }

const fileSchema = v.object({
  format: v.literal(exchangeFormat, `expected "${exchangeFormat}" (is this a chainglass networks file?)`),
  version: v.literal(exchangeVersion, `expected ${exchangeVersion} (this version reads version ${exchangeVersion} files)`),
  networks: v.pipe(v.array(v.unknown(), 'expected a list of networks'), v.minLength(1, 'the file lists no network')),
})

const secretSchema = v.optional(v.string('expected text'))

function where(path: string, index?: number): string {
  const prefix = index === undefined ? '' : `networks[${index}]`
  return [prefix, path].filter(Boolean).join('.') || 'file'
}

function describe(issues: readonly FieldIssue[], index?: number): string[] {
  return issues.map((issue) => `${where(issue.path, index)}: ${issue.message}`)
}

/**
 * Reads a networks file against the networks already here: `builtIn` names cannot be taken, `mine` are
 * the user's (an entry with one of those names replaces it). All or nothing: any problem refuses the file.
 */
export function planImport(text: string, context: { builtIn: ReadonlySet<string>; mine: ReadonlySet<string> }): ImportPlan {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    return { ok: false, problems: [`the file is not JSON (${error instanceof SyntaxError ? error.message : 'unreadable'})`] }
  }
  const file = v.safeParse(fileSchema, body)
  if (!file.success) return { ok: false, problems: describe(issuesOf(file.issues)) }

  const problems: string[] = []
  const entries: ImportEntry[] = []
  const inFile = new Set<string>()
  file.output.networks.forEach((entry, index) => {
    const parsed = parseUserNetwork(entry, context.builtIn)
    if (!parsed.ok) {
      problems.push(...describe(parsed.issues, index))
      return
    }
    const { record } = parsed
    if (inFile.has(record.name)) {
      problems.push(`${where('name', index)}: the file lists "${record.name}" twice`)
      return
    }
    inFile.add(record.name)
    const secret = v.safeParse(secretSchema, (entry as { secret?: unknown }).secret)
    if (!secret.success) {
      problems.push(`${where('secret', index)}: expected text`)
      return
    }
    if (secret.output && record.key === '') {
      problems.push(`${where('secret', index)}: a secret needs the project key it belongs to`)
      return
    }
    entries.push({ record, secret: secret.output || null, replaces: context.mine.has(record.name) })
  })
  return problems.length > 0 ? { ok: false, problems } : { ok: true, entries }
}
