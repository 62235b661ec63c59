import fs from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { AnvilNode } from './anvil.ts'
import { createChainClient } from './chainClient.ts'

describe('AnvilNode', () => {
  const lines: string[] = []
  const anvil = new AnvilNode({ stateFile: null, blockTime: 0, onLine: (line) => lines.push(line) })
  afterAll(() => anvil.stop())

  it('once started, answers over HTTP and IPC and prints nothing per call (no pipe traffic on the hot path)', async () => {
    await anvil.start(0)
    expect(lines.some((line) => /Listening on/.test(line))).toBe(true)
    expect(fs.existsSync(anvil.ipcPath)).toBe(true)
    const printed = lines.length
    const client = createChainClient(anvil.httpUrl)
    for (let i = 0; i < 5; i++) await client.getBlockNumber({ cacheTime: 0 })
    // Give a line written by anvil time to come through the pipe.
    await new Promise((resolve) => setTimeout(resolve, 200))
    // (The call that switched logging off may itself still be on its way through the pipe.)
    expect(lines.slice(printed).filter((line) => line !== 'anvil_setLoggingEnabled')).toEqual([])
  })

  it('removes its IPC socket when stopped', async () => {
    await anvil.stop()
    expect(fs.existsSync(anvil.ipcPath)).toBe(false)
  })
})
