/**
 * Measures a large upload through the real file service over HTTP: wall time, throughput, and the service's
 * resident memory (sampled, and its peak), then reads the file back with cat and compares digests.
 *
 *   npx tsx server/files/measure-upload.ts            # 1 GiB
 *   npx tsx server/files/measure-upload.ts --mib=256  # another size
 *
 * The service runs in a child process so its memory is not mixed with the client's. The bytes are made on
 * the fly (every 256 KiB chunk distinct, so the store cannot deduplicate its way to a good number).
 */
import { fork, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startFileService } from './server.ts'

const key = 'measure-key'
const secret = 'measure-secret'
const authorization = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`

type ChildMessage = { type: 'ready'; port: number } | { type: 'rss'; rss: number } | { type: 'peak'; maxRss: number }

async function runChild(): Promise<void> {
  const dataDir = process.env.MEASURE_DATA_DIR!
  const service = await startFileService({ port: 0, key, secret, dataDir, maxUploadBytes: 8 * 1024 ** 3 })
  const send = (message: ChildMessage) => process.send?.(message)
  send({ type: 'ready', port: service.port })
  const sampler = setInterval(() => send({ type: 'rss', rss: process.memoryUsage().rss }), 100)
  process.on('message', (message: { type: string }) => {
    if (message.type === 'peak') send({ type: 'peak', maxRss: process.resourceUsage().maxRSS * 1024 })
    if (message.type === 'stop') {
      clearInterval(sampler)
      void service.close().then(() => process.exit(0))
    }
  })
}

/** 1 MiB pieces; an 8-byte counter at every 256 KiB boundary makes each importer chunk unique. */
function piece(index: number, base: Buffer): Buffer {
  const out = Buffer.from(base)
  for (let k = 0; k < 4; k++) out.writeBigUInt64BE(BigInt(index * 4 + k), k * 262_144)
  return out
}

async function upload(port: number, mib: number, digest: ReturnType<typeof createHash>): Promise<string> {
  const boundary = 'chainglass-measure-boundary'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const base = Buffer.alloc(1024 * 1024)
  for (let i = 0; i < base.length; i += 4) base.writeUInt32BE((i * 2654435761) >>> 0, i)

  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v0/add',
        headers: {
          authorization,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + mib * 1024 * 1024 + tail.length,
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`add answered ${response.statusCode}: ${text}`))
          const last = text.trim().split('\n').at(-1) ?? '{}'
          resolve((JSON.parse(last) as { Hash: string }).Hash)
        })
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

async function catDigest(port: number, cid: string): Promise<{ digest: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: `/api/v0/cat?arg=${cid}`, headers: { authorization } },
      (response) => {
        const hash = createHash('sha256')
        let bytes = 0
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length
          hash.update(chunk)
        })
        response.on('end', () => resolve({ digest: hash.digest('hex'), bytes }))
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end()
  })
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

async function runParent(): Promise<void> {
  const mib = Number(/^--mib=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--mib=')) ?? '')?.[1] ?? 1024)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-measure-'))
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, MEASURE_CHILD: '1', MEASURE_DATA_DIR: dataDir },
    execArgv: process.execArgv,
  })
  const samples: number[] = []
  let onPeak: ((bytes: number) => void) | null = null
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') resolve(message.port)
      if (message.type === 'rss') samples.push(message.rss)
      if (message.type === 'peak') onPeak?.(message.maxRss)
    })
    child.on('exit', (code) => reject(new Error(`service exited with ${code}`)))
  })
  // Let the idle service report its memory once before the upload starts.
  await new Promise((resolve) => setTimeout(resolve, 500))
  const idleRss = samples.at(-1) ?? 0
  samples.length = 0

  try {
    const sent = createHash('sha256')
    const started = performance.now()
    const cid = await upload(port, mib, sent)
    const seconds = (performance.now() - started) / 1000
    const uploadSamples = samples.splice(0)
    const peak = await new Promise<number>((resolve) => {
      onPeak = resolve
      child.send({ type: 'peak' })
    })

    const readStarted = performance.now()
    const back = await catDigest(port, cid)
    const readSeconds = (performance.now() - readStarted) / 1000
    const sentDigest = sent.digest('hex')

    console.log(`uploaded ${mib} MiB as ${cid}`)
    console.log(`  wall time      ${seconds.toFixed(2)} s`)
    console.log(`  throughput     ${(mib / seconds).toFixed(1)} MiB/s (${((mib * 1.048576) / seconds).toFixed(1)} MB/s)`)
    console.log(`  service RSS    idle ${mb(idleRss)} MiB, during upload ${mb(Math.min(...uploadSamples))}..${mb(Math.max(...uploadSamples))} MiB (${uploadSamples.length} samples), peak (maxRSS) ${mb(peak)} MiB`)
    console.log(`  cat back       ${mb(back.bytes)} MiB in ${readSeconds.toFixed(2)} s (${(back.bytes / 1024 / 1024 / readSeconds).toFixed(1)} MiB/s), sha256 ${back.digest === sentDigest ? 'identical' : 'DIFFERENT'}`)
    if (back.digest !== sentDigest) process.exitCode = 1
  } finally {
    child.send({ type: 'stop' })
    await new Promise((resolve) => child.once('exit', resolve))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.env.MEASURE_CHILD === '1') await runChild()
else await runParent()
