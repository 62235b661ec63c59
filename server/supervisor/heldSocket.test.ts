import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { PortInUseError } from '../portInUse.ts'
import { HeldSocket } from './heldSocket.ts'

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

async function hold(port = 0): Promise<HeldSocket> {
  const socket = await HeldSocket.bind(port, 'CHAINGLASS_TEST_PORT')
  cleanups.push(() => socket.close())
  return socket
}

/** A child process serving on the held socket's descriptor (its fd 3), answering each connection with one line. */
async function serveOn(socket: HeldSocket, answer: string): Promise<ChildProcess> {
  const script = `require('node:net').createServer((c) => c.end(${JSON.stringify(answer)})).listen({ fd: 3 }, () => console.log('listening'))`
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit', socket.fd] })
  cleanups.push(() => child.kill('SIGKILL'))
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()))
  return child
}

function read(connection: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    connection.on('data', (chunk) => (text += chunk))
    connection.once('end', () => resolve(text))
    connection.once('error', reject)
  })
}

describe('HeldSocket', () => {
  it('binds a port the OS picks and reports it', async () => {
    expect((await hold()).port).toBeGreaterThan(0)
  })

  it('a port another process listens on is one clear error naming the port and the variable', async () => {
    const other = net.createServer()
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()))
    cleanups.push(() => other.close())
    const { port } = other.address() as net.AddressInfo
    const attempt = HeldSocket.bind(port, 'CHAINGLASS_TEST_PORT')
    await expect(attempt).rejects.toThrow(PortInUseError)
    await expect(attempt).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use: stop what holds it, or set CHAINGLASS_TEST_PORT to a free port`)
  })

  it('keeps taking connections while no server listens on it, and the next server answers them', async () => {
    const socket = await hold()
    const first = await serveOn(socket, 'first')
    expect(await read(net.connect(socket.port, '127.0.0.1'))).toBe('first')
    const exited = new Promise((resolve) => first.once('exit', resolve))
    first.kill('SIGKILL')
    await exited

    // Between servers: the kernel still accepts into the backlog (node:cluster would refuse here).
    const waiting = net.connect(socket.port, '127.0.0.1')
    const answer = read(waiting)
    await new Promise<void>((resolve, reject) => {
      waiting.once('connect', () => resolve())
      waiting.once('error', reject)
    })
    await serveOn(socket, 'second')
    expect(await answer).toBe('second')
  })
})
