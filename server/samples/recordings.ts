import fs from 'node:fs'
import path from 'node:path'
import { repoRoot } from '../config.ts'

/** Real responses recorded from real nodes, copied byte for byte and never edited; SOURCES.md there names each one's source. */
export const recordingsDir = path.join(repoRoot, 'server', 'samples', 'recordings')

export type RecordedAnswer = { result: unknown } | { error: { code: number; message: string; data?: unknown } }

/** One recorded exchange: the request as sent and the node's answer. */
export type Recording = { method: string; params: unknown[]; answer: RecordedAnswer; source: string }

/** A data file's text, or an error that names the file, where it was looked for and why it could not be read. */
export function readDataFile(directory: string, name: string, what: string): string {
  const file = path.join(directory, name)
  try {
    return fs.readFileSync(file, 'utf8')
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException
    const reason = code === 'ENOENT' ? 'no such file' : (code ?? String(error))
    throw new Error(`${what} ${name} could not be read: looked for it at ${file} (${reason})`, { cause: error })
  }
}

export function readFixture(name: string): string {
  return readDataFile(recordingsDir, name, 'the sample recording')
}

type ResponseBody = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

function answerOf(response: ResponseBody): RecordedAnswer {
  return response.error ? { error: response.error } : { result: response.result }
}

/** Files holding request and response (erigon rpc-tests). */
function requestResponseFile(name: string): Recording[] {
  const items = JSON.parse(readFixture(name)) as Array<{ request: { method: string; params: unknown[] }; response: ResponseBody }>
  return items.map((item) => ({ method: item.request.method, params: item.request.params, answer: answerOf(item.response), source: name }))
}

/** Files holding only the result (or a response envelope); the request is the one SOURCES.md names. */
function resultFile(name: string, method: string, params: unknown[], envelope: boolean): Recording {
  const parsed = JSON.parse(readFixture(name)) as { result?: unknown }
  return { method, params, answer: envelope ? answerOf(parsed as ResponseBody) : { result: parsed }, source: name }
}

/**
 * The l2b recording as published is not valid JSON: one line is a literal `...` elision. The loader drops
 * that line and the comma before it, and says that it did (the caller logs it).
 */
export function parseElidedJson(text: string): { value: unknown; dropped: number } {
  const lines = text.split('\n')
  let dropped = 0
  const kept: string[] = []
  for (const line of lines) {
    if (line.trim() === '...' || line.trim() === '...,') {
      dropped += 1
      // the element before the elision ends with a comma that now has nothing after it
      for (let i = kept.length - 1; i >= 0; i--) {
        if (kept[i]!.trim() === '') continue
        kept[i] = kept[i]!.replace(/,\s*$/, '')
        break
      }
      continue
    }
    kept.push(line)
  }
  return { value: JSON.parse(kept.join('\n')), dropped }
}

export type SampleRecordings = { mainnet: Recording[]; l2a: Recording[]; l2b: Recording[] }

/** Reads every recording the three sample networks replay. */
export function loadSampleRecordings(): SampleRecordings {
  const mainnet: Recording[] = [
    resultFile('ethereumjs-mainnet-block-0x913156-with-uncles.json', 'eth_getBlockByNumber', ['0x913156', false], false),
    ...[
      'erigon-mainnet-eth_getBlockByNumber-0x41b57c-prebyzantium.json',
      'erigon-mainnet-eth_getBlockReceipts-0x41B582-prebyzantium.json',
      'erigon-mainnet-eth_getTransactionReceipt-logs.json',
      'erigon-mainnet-eth_getLogs-topics.json',
      'erigon-mainnet-eth_getLogs-deposit-contract.json',
      'erigon-mainnet-eth_call-revert-uniswap.json',
      'erigon-mainnet-eth_call-revert-ether-amount.json',
      'erigon-mainnet-eth_getUncleCountByBlockNumber-0xED14E5.json',
    ].flatMap(requestResponseFile),
    resultFile(
      'etl-mainnet-eth_getTransactionReceipt-prebyzantium-root-logs.json',
      'eth_getTransactionReceipt',
      ['0x2e3dcd051a91d3a694f6b8de2ac4b5fe7acdba55f58bcf8471ff00d4a430074d'],
      true,
    ),
  ]
  // The uncle's request was not recorded; SOURCES.md: it is the answer to the block's uncle index 0.
  const block = (mainnet[0]!.answer as { result: { hash: string } }).result
  mainnet.push(resultFile('ethereumjs-mainnet-uncle-0x913154-of-block-0x913156.json', 'eth_getUncleByBlockHashAndIndex', [block.hash, '0x0'], false))

  const l2a = [resultFile('l2a-mainnet-raw-block-transactions-L1.json', 'l2a_getRawBlockTransactions', [5817], true)]

  const l2bName = 'l2b-mainnet-pending-transactions.json'
  // The published recording's elision is dropped every time, as expected: nothing to say at each start.
  const { value } = parseElidedJson(readFixture(l2bName))
  const l2b = [{ method: 'l2b_pendingTransactions', params: [], answer: answerOf(value as ResponseBody), source: l2bName }]

  return { mainnet, l2a, l2b }
}
