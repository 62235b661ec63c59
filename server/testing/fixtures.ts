import { readFixture } from '../samples/recordings.ts'

export { fixturesDir, readFixture } from '../samples/recordings.ts'

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
