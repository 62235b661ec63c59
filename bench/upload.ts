import { fork } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { median, round } from './stats.ts'

/**
 * Issue 44's upload item: one large file through the file store's /api/v0/add over HTTP, as kubo-rpc-client sends
 * it (multipart, streamed), then read back with cat and compared by digest. Figures: the upload's MiB/s and the
 * store's resident memory, idle and at its peak (the kernel's high-water mark, VmHWM, of the store's process),
 * and cat's MiB/s. The bytes are made on the fly, every 256 KiB importer chunk distinct, so nothing deduplicates.
 *
 *   npx tsx bench/upload.ts [--mib=300] [--runs=3] [--before=<an older checkout with node_modules>]
 *
 * With --before, the two stores run in turn, run after run (the machine's load drifts), for a before/after.
 * `npm run bench` measures this checkout's as its `upload` item.
 */
export type UploadSample = { mib: number; uploadMiBps: number; catMiBps: number; idleRssMiB: number; peakRssMiB: number }
export type UploadSummary = { mib: number; runs: number; uploadMiBps: number; catMiBps: number; idleRssMiB: number; peakRssMiB: number }

const key = 'bench-upload-key'
const secret = 'bench-upload-secret'
const authorization = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`
const MiB = 1024 * 1024

/** A process's resident set now and its high-water mark, in MiB (Linux: /proc/<pid>/status). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 }
}

/** 1 MiB pieces; a counter at every 256 KiB boundary makes each importer chunk unique. */
function piece(index: number, base: Buffer): Buffer {
  const out = Buffer.from(base)
  for (let k = 0; k < 4; k++) out.writeBigUInt64BE(BigInt(index * 4 + k), k * 262_144)
  return out
}

function add(port: number, mib: number, digest: ReturnType<typeof createHash>): Promise<string> {
  const boundary = 'chainglass-bench-boundary'
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const base = Buffer.alloc(MiB)
  for (let i = 0; i < base.length; i += 4) base.writeUInt32BE((i * 2654435761) >>> 0, i)
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/v0/add', headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + mib * MiB + tail.length } },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => (response.statusCode === 200 ? resolve((JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as { Hash: string }).Hash) : reject(new Error(`add answered ${response.statusCode}: ${text}`))))
      },
    )
    request.on('error', reject)
    let index = 0
    const writeMore = () => {
      while (index < mib) {
        const data = piece(index++, base)
        digest.update(data)
        if (!request.write(data)) return void request.once('drain', writeMore)
      }
      request.end(tail)
    }
    request.write(head)
    writeMore()
  })
}

function catDigest(port: number, cid: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: `/api/v0/cat?arg=${cid}`, headers: { authorization } }, (response) => {
      const hash = createHash('sha256')
      response.on('data', (chunk: Buffer) => hash.update(chunk))
      response.on('end', () => resolve(hash.digest('hex')))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}

/** One upload of `mib` MiB into a fresh store of the checkout at `root`. */
export async function measureUpload(root: string, mib: number): Promise<UploadSample> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-upload-'))
  const child = fork(path.join(import.meta.dirname, 'uploadChild.ts'), [], {
    execArgv: ['--import', 'tsx'],
    cwd: root,
    env: { ...process.env, CHAINGLASS_UPLOAD_ROOT: root, CHAINGLASS_UPLOAD_DATA: dataDir, CHAINGLASS_UPLOAD_KEY: key, CHAINGLASS_UPLOAD_SECRET: secret },
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (message) => resolve((message as { port: number }).port))
      child.once('exit', (code) => reject(new Error(`the file store of ${root} stopped while starting (code ${code})`)))
    })
    const idle = memoryOf(child.pid!)
    const sent = createHash('sha256')
    const started = performance.now()
    const cid = await add(port, mib, sent)
    const uploadSeconds = (performance.now() - started) / 1000
    const { peak } = memoryOf(child.pid!)
    const readStarted = performance.now()
    const back = await catDigest(port, cid)
    const catSeconds = (performance.now() - readStarted) / 1000
    if (back !== sent.digest('hex')) throw new Error(`cat of ${cid} gave other bytes than were added`)
    return { mib, uploadMiBps: round(mib / uploadSeconds, 1), catMiBps: round(mib / catSeconds, 1), idleRssMiB: round(idle.rss, 0), peakRssMiB: round(peak, 0) }
  } finally {
    child.send('stop')
    await exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export function summarizeUploads(samples: UploadSample[]): UploadSummary {
  const middle = (pick: (sample: UploadSample) => number) => round(median(samples.map(pick)), 1)
  return { mib: samples[0]!.mib, runs: samples.length, uploadMiBps: middle((s) => s.uploadMiBps), catMiBps: middle((s) => s.catMiBps), idleRssMiB: middle((s) => s.idleRssMiB), peakRssMiB: middle((s) => s.peakRssMiB) }
}

if (import.meta.main) {
  const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1]
  const mib = Number(flag('mib') ?? 300)
  const runs = Number(flag('runs') ?? 3)
  const before = flag('before')
  const roots = before ? { before: path.resolve(before), after: path.resolve(import.meta.dirname, '..') } : { after: path.resolve(import.meta.dirname, '..') }
  const samples: Record<string, UploadSample[]> = Object.fromEntries(Object.keys(roots).map((name) => [name, []]))
  for (let run = 0; run < runs; run++) {
    for (const [name, root] of Object.entries(roots)) {
      const sample = await measureUpload(root, mib)
      samples[name]!.push(sample)
      console.log(`${name} run ${run + 1}: ${JSON.stringify(sample)}`)
    }
  }
  for (const [name, list] of Object.entries(samples)) console.log(`${name} (${roots[name as keyof typeof roots]}): ${JSON.stringify(summarizeUploads(list))}`)
}
