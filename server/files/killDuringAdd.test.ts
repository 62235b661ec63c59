import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../config.ts'
import { basicAuth, blockFilesOnDisk, heldBoundary, holdUpload, leftoverFiles, patternBytes, testKey, testSecret } from './testing.ts'

/**
 * kill -9 the file service in the middle of an add, while pins are being changed too, at
 * several points of the upload. After each kill the pin set on disk is valid JSON, and the next start leaves
 * the store exactly as it was before the add: its blocks gone, no journal or temp file, every pin whole.
 */
const MiB = 1024 * 1024
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-kill-'))
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

type Running = { child: ChildProcess; port: number; output: () => string; exited: Promise<unknown> }

async function launch(): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/files/serviceProcess.ts', dataDir, testKey, testSecret], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const deadline = Date.now() + 30_000
  for (;;) {
    const line = output.split('\n').find((text) => text.startsWith('{"port"'))
    if (line) return { child, port: (JSON.parse(line) as { port: number }).port, output: () => output, exited }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the file service did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function post(port: number, pathAndQuery: string, body?: FormData) {
  const response = await fetch(`http://127.0.0.1:${port}${pathAndQuery}`, { method: 'POST', headers: { authorization: basicAuth() }, body })
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
}

async function addFile(port: number, content: Buffer, query: string): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(content)]), 'file.bin')
  const reply = await post(port, `/api/v0/add?${query}`, form)
  expect(reply.status).toBe(200)
  return (JSON.parse(reply.bytes.toString('utf8').trim().split('\n').at(-1)!) as { Hash: string }).Hash
}

function pinsOnDisk(): Record<string, string> {
  // Parsing is the check: a torn write would throw here.
  return (JSON.parse(fs.readFileSync(path.join(dataDir, 'files', 'pins.json'), 'utf8')) as { pins: Record<string, string> }).pins
}

describe('kill -9 during an add', () => {
  it('leaves the pins valid and the store as before the add, after every kill point', async () => {
    let service = await launch()
    const kept = patternBytes(2 * MiB, 31)
    const flipping = patternBytes(MiB, 32)
    const keptCid = await addFile(service.port, kept, '')
    const flipCid = await addFile(service.port, flipping, 'pin=false')
    const baseline = blockFilesOnDisk(dataDir)

    const killPoints = [256 * 1024, 3 * MiB, 7 * MiB, 11 * MiB]
    const figures: string[] = []
    for (const [round, killAt] of killPoints.entries()) {
      const content = patternBytes(12 * MiB, 40 + round)
      const upload = holdUpload(service.port, '/api/v0/add?progress=true')
      const sending = (async () => {
        await upload.send(Buffer.from(`--${heldBoundary}\r\nContent-Disposition: form-data; name="file"; filename="killed.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`))
        for (let offset = 0; offset < content.length; offset += 64 * 1024) await upload.send(content.subarray(offset, offset + 64 * 1024))
      })()
      // The pin set is rewritten all the while, so a kill can land in the middle of one of its writes too.
      let flips = 0
      let stop = false
      const pinning = (async () => {
        while (!stop) {
          const reply = await post(service.port, `/api/v0/pin/${flips % 2 === 0 ? 'add' : 'rm'}?arg=${flipCid}`).catch(() => null)
          if (!reply) return
          flips++
        }
      })()
      await upload.progressed(killAt, 10_000)
      service.child.kill('SIGKILL')
      await service.exited
      stop = true
      await Promise.allSettled([sending, pinning, upload.answer])

      // Straight after the kill: the add's journal is there (it was cut mid-way), and the pin set parses.
      expect(leftoverFiles(dataDir).some((name) => name.endsWith('.journal')), `round ${round}: the kill found an add under way`).toBe(true)
      const pinsAfterKill = pinsOnDisk()
      expect(pinsAfterKill[keptCid]).toBe('recursive')
      const grownBy = blockFilesOnDisk(dataDir).size - baseline.size

      service = await launch()
      expect(service.output()).toMatch(/cleaned up after 1 unfinished add\(s\): \d+ block\(s\)/)
      expect([...blockFilesOnDisk(dataDir)].sort(), `round ${round}: exactly the blocks from before the add`).toEqual([...baseline].sort())
      expect(leftoverFiles(dataDir), `round ${round}: no journal or temp file`).toEqual([])
      const pins = pinsOnDisk()
      expect(Object.keys(pins).every((cid) => cid === keptCid || cid === flipCid)).toBe(true)
      expect((await post(service.port, `/api/v0/cat?arg=${keptCid}`)).bytes.equals(kept)).toBe(true)
      expect((await post(service.port, `/api/v0/cat?arg=${flipCid}`)).bytes.equals(flipping)).toBe(true)
      figures.push(`kill at ${killAt} B: ${grownBy} orphan blocks on disk, ${flips} pin changes during the add`)
    }

    // The store takes the same files whole after all that.
    const again = patternBytes(12 * MiB, 40)
    const cid = await addFile(service.port, again, '')
    expect((await post(service.port, `/api/v0/cat?arg=${cid}`)).bytes.equals(again)).toBe(true)
    console.log(`kill -9 during add: ${figures.join('; ')}; all reclaimed at the next start`)
    service.child.kill('SIGTERM')
    await service.exited
  })
})
