import { expect } from 'vitest'
import { callKey, fromExchangeFile, type RecordedCall, type Recording } from './replay.ts'
import frameRecording from '../../testdata/components/local-frame.json'

/**
 * The recordings the component tests replay, and reading expected values out of them: a test asserts what a
 * recording says, never what a page happened to render. Test-only.
 */

export type LocalRecording = Recording & { facts: Record<string, unknown> }

/** Every page's frame asks for the head: the local chain's, as recorded. */
export const frame = frameRecording as LocalRecording

/** The recorded answer of one call; a test that names a call no recording has fails here. */
export function recorded<T = unknown>(recording: Recording, method: string, params: readonly unknown[]): T {
  const key = callKey(method, params)
  const call: RecordedCall | undefined = recording.calls.find((candidate) => callKey(candidate.method, candidate.params) === key)
  expect(call, `the recording has ${key}`).toBeDefined()
  return call!.result as T
}

/** A testdata/recorded/*.io exchange file (the execution-apis tests), by name. */
const exchangeFiles = import.meta.glob<string>('../../testdata/recorded/*.io', { query: '?raw', import: 'default', eager: true })
export function exchange(name: string): Recording {
  const text = exchangeFiles[`../../testdata/recorded/${name}.io`]
  expect(text, `testdata/recorded/${name}.io exists`).toBeDefined()
  return fromExchangeFile(text!, `testdata/recorded/${name}.io`)
}

/** The head's time on the recorded chain, in ms: the tests' clock stands a little after it. */
export function headTimeMs(): number {
  const head = recorded<{ timestamp: string }>(frame, 'eth_getBlockByNumber', ['latest', false])
  return Number(BigInt(head.timestamp)) * 1000
}
