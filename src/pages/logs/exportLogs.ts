import type { Log } from '../../rpc/schemas.ts'
import type { DecodedLog } from './eventDecoder.ts'
import { saveAs } from '../../ui/download.ts'
import { csvField } from '../../format/csv.ts'

/**
 * The results as files. Every value is text: hex as the node sent it, block numbers also in decimal, decoded
 * arguments as exact decimal strings (never JSON numbers, which would round anything above 2^53).
 */

export type ExportRow = { log: Log; removed: boolean }

const csvColumns = ['blockNumber', 'blockHash', 'transactionHash', 'transactionIndex', 'logIndex', 'address', 'topic0', 'topic1', 'topic2', 'topic3', 'data', 'removed', 'event', 'args'] as const

export { csvField }

function decimal(hex: string | null): string {
  return hex === null ? '' : BigInt(hex).toString(10)
}

/** One header line, then one line per log, each ending in \n: `wc -l` counts logs + 1. */
export function logsToCsv(rows: readonly ExportRow[], decode: (log: Log) => DecodedLog | null): string {
  const lines: string[] = [csvColumns.join(',')]
  for (const { log, removed } of rows) {
    const decoded = decode(log)
    const args = decoded ? decoded.args.map((arg) => `${arg.name}=${arg.value}`).join('; ') : ''
    const fields = [
      decimal(log.blockNumber),
      log.blockHash ?? '',
      log.transactionHash ?? '',
      decimal(log.transactionIndex),
      decimal(log.logIndex),
      log.address,
      log.topics[0] ?? '',
      log.topics[1] ?? '',
      log.topics[2] ?? '',
      log.topics[3] ?? '',
      log.data,
      removed || log.removed ? 'true' : 'false',
      decoded?.event ?? '',
      // Values from the chain: a string argument may hold any character, line breaks included.
      args.replace(/\r?\n/g, ' '),
    ]
    lines.push(fields.map(csvField).join(','))
  }
  return lines.join('\n') + '\n'
}

/** The logs as the spec's log objects (removed set as observed), each with its decoding when known. */
export function logsToJson(rows: readonly ExportRow[], decode: (log: Log) => DecodedLog | null): string {
  const items = rows.map(({ log, removed }) => {
    const decoded = decode(log)
    return {
      ...log,
      removed: removed || log.removed,
      ...(decoded ? { decoded: { event: decoded.event, source: decoded.source, signature: decoded.signature, args: Object.fromEntries(decoded.args.map((arg) => [arg.name, arg.value])) } } : {}),
    }
  })
  return JSON.stringify(items, null, 2) + '\n'
}

/** Hands the text to the browser as a download. */
export function download(text: string, fileName: string, type: string): void {
  saveAs(text, fileName, type)
}
