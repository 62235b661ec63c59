import fs from 'node:fs'
import path from 'node:path'
import { repoRoot } from '../config.ts'

/** ../shared/fixtures beside the repository: recorded real responses, never edited. */
export const fixturesDir = path.resolve(repoRoot, '..', 'shared', 'fixtures')

export function readFixture(name: string): string {
  return fs.readFileSync(path.join(fixturesDir, name), 'utf8')
}

export type IoExchange = { comment: string[]; request: unknown; response: unknown }

/** Reads an execution-apis `.io` file: `//` comments, `>>` request lines and `<<` response lines. */
export function readIoFixture(name: string): IoExchange[] {
  const exchanges: IoExchange[] = []
  let comment: string[] = []
  let request: unknown = undefined
  for (const line of readFixture(name).split('\n')) {
    if (line.startsWith('//')) comment.push(line.slice(2).trim())
    else if (line.startsWith('>> ')) request = JSON.parse(line.slice(3))
    else if (line.startsWith('<< ')) {
      exchanges.push({ comment, request, response: JSON.parse(line.slice(3)) })
      comment = []
    }
  }
  return exchanges
}
