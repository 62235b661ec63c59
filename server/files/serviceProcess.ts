import { startFileService } from './server.ts'

/**
 * The file service alone in a process of its own, for tests that must kill it hard (kill -9 in the middle
 * of an add). Arguments: data directory, key, secret. Prints one JSON line with its port once it listens,
 * and every log line after that.
 */
const [dataDir, key, secret] = process.argv.slice(2)
if (!dataDir || !key || !secret) {
  process.stderr.write('usage: serviceProcess.ts <dataDir> <key> <secret>\n')
  process.exit(2)
}
const service = await startFileService({ port: 0, key, secret, dataDir, log: (line) => process.stdout.write(`${line}\n`) })
process.stdout.write(`${JSON.stringify({ port: service.port })}\n`)
