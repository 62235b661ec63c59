import path from 'node:path'
import { repoRoot } from '../config.ts'
import { readDataFile } from '../samples/recordings.ts'

export { recordingsDir, readFixture } from '../samples/recordings.ts'

/** Recorded test vectors the tests compare against (execution-apis), never read at run time; SOURCES.md there. */
export const testDataDir = path.join(repoRoot, 'testdata', 'recorded')

export function readTestData(name: string): string {
  return readDataFile(testDataDir, name, 'the recorded test vector')
}

export type IoExchange = { comment: string[]; request: unknown; response: unknown }

/** Reads an execution-apis `.io` file: `//` comments, `>>` request lines and `<<` response lines. */
export function readIoFixture(name: string): IoExchange[] {
  const exchanges: IoExchange[] = []
  let comment: string[] = []
  let request: unknown = undefined
  for (const line of readTestData(name).split('\n')) {
    if (line.startsWith('//')) comment.push(line.slice(2).trim())
    else if (line.startsWith('>> ')) request = JSON.parse(line.slice(3))
    else if (line.startsWith('<< ')) {
      exchanges.push({ comment, request, response: JSON.parse(line.slice(3)) })
      comment = []
    }
  }
  return exchanges
}
