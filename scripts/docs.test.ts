import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig, type ServiceConfig } from '../server/config.ts'
import { faultInjectionVariable } from '../server/supervisor/faultInjection.ts'
import { replaceSection } from './benchTables.ts'

// The README and docs/ against the tree: the settings table is config.ts's, the links lead somewhere, and the
// README stays a README.

const root = path.resolve(import.meta.dirname, '..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')
const readme = read('README.md')
const docs = fs.readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)

/** The README's settings table: variable → default column. */
function settingsTable(): Map<string, string> {
  const section = readme.slice(readme.indexOf('## Settings'))
  const rows = section.slice(0, section.indexOf('\n## ', 1)).split('\n').filter((line) => line.startsWith('| CHAINGLASS_'))
  return new Map(rows.map((row) => row.split('|').map((cell) => cell.trim())).map(([, name, fallback]) => [name!, fallback!]))
}

describe('README', () => {
  it('is at most 10 KB', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(10 * 1024)
  })

  it('lists every setting the service reads, and no other', () => {
    const source = read('server/config.ts')
    const read_ = new Set([...source.matchAll(/\b(CHAINGLASS_[A-Z0-9_]+)\b/g)].map((match) => match[1]!))
    read_.add(faultInjectionVariable)
    expect([...settingsTable().keys()].sort()).toEqual([...read_].sort())
  })

  it('gives the defaults the service takes with nothing set', () => {
    const config = loadConfig({})
    const table = settingsTable()
    const numbers: Array<[string, keyof ServiceConfig]> = [
      ['CHAINGLASS_APP_PORT', 'appPort'],
      ['CHAINGLASS_RPC_PORT', 'rpcPort'],
      ['CHAINGLASS_FILES_PORT', 'filesPort'],
      ['CHAINGLASS_BLOCK_TIME', 'blockTime'],
      ['CHAINGLASS_HISTORY_BLOCKS', 'historyBlocks'],
      ['CHAINGLASS_MAX_BATCH', 'maxBatch'],
      ['CHAINGLASS_MAX_BODY_BYTES', 'maxBodyBytes'],
      ['CHAINGLASS_MAX_RESPONSE_BYTES', 'maxResponseBytes'],
      ['CHAINGLASS_MAX_UPLOAD_BYTES', 'maxUploadBytes'],
      ['CHAINGLASS_LOGS_TIMEOUT_MS', 'logsTimeoutMs'],
      ['CHAINGLASS_TRACE_TIMEOUT_MS', 'traceTimeoutMs'],
      ['CHAINGLASS_MAX_OPCODE_TRACE_BYTES', 'maxOpcodeTraceBytes'],
      ['CHAINGLASS_UPSTREAM_TIMEOUT_MS', 'upstreamTimeoutMs'],
      ['CHAINGLASS_SLOW_CLIENT_MS', 'slowClientMs'],
      ['CHAINGLASS_PEER_TIMEOUT_MS', 'peerTimeoutMs'],
      ['CHAINGLASS_FIRST_SCREEN_DEADLINE_MS', 'firstScreenDeadlineMs'],
      ['CHAINGLASS_STATUS_WAIT_MS', 'statusWaitMs'],
    ]
    for (const [name, field] of numbers) expect(`${name} ${table.get(name)}`).toBe(`${name} ${config[field]}`)
    expect(table.get('CHAINGLASS_SWARM_PORT')).toMatch(/^0 /)
    expect(config.swarmPort).toBe(0)
    expect([table.get('CHAINGLASS_KEY'), table.get('CHAINGLASS_SECRET')]).toEqual([config.key, config.secret])
    expect(table.get('CHAINGLASS_RATE_LIMIT')).toMatch(/^0 \(off\)/)
    expect(config.rateLimit).toBeNull()
  })

  it('names the default key and secret where a newcomer reads first', () => {
    const intro = readme.slice(0, readme.indexOf('## A tour'))
    expect(intro).toContain('**`devkey`**')
    expect(intro).toContain('**`devsecret`**')
  })
})

describe('docs/', () => {
  it('links only to files that exist', () => {
    const broken: string[] = []
    for (const file of ['README.md', ...docs]) {
      for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!) || target!.startsWith('#')) continue
        const resolved = path.join(root, path.dirname(file), target!.split('#')[0]!)
        if (!fs.existsSync(resolved)) broken.push(`${file} → ${target}`)
      }
    }
    expect(broken).toEqual([])
  })

  it('names only paths of the repository that exist', () => {
    const missing: string[] = []
    for (const file of ['README.md', ...docs]) {
      for (const [, named] of read(file).matchAll(/`((?:src|server|scripts|bench|e2e|contract|testdata|docs|public)\/[^`\s]*)`/g)) {
        // A placeholder (<area>), a pattern (*, …), or what a run leaves in a git-ignored dot folder (bench/.runs/).
        if (/[<*…]|\/\./.test(named!)) continue
        if (!fs.existsSync(path.join(root, named!))) missing.push(`${file}: ${named}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('has the section npm run bench:docs writes', () => {
    expect(() => replaceSection(read('docs/benchmarks.md'), '')).not.toThrow()
  })
})
