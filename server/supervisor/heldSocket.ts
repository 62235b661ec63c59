import net from 'node:net'
import util from 'node:util'
import { PortInUseError } from '../portInUse.ts'

/** libuv's TCP handle as net._createServerHandle returns it: bound, not yet listening. */
type TcpHandle = { fd: number; getsockname(out: { port?: number }): number; close(): void }
type CreateServerHandle = (address: string, port: number, addressType: number) => TcpHandle | number

/**
 * A listening port that outlives the process serving it. The supervisor binds each public port once and
 * passes the socket down to the worker as a file descriptor; the worker listens on it. When a worker dies,
 * this process still holds the socket, so the kernel keeps it in the listening state: new connections wait
 * in its backlog and the restarted worker accepts them, instead of being refused.
 *
 * Why not node:cluster: its primary closes a shared port as soon as the last
 * worker on it is gone (SharedHandle.remove; RoundRobinHandle does the same), so a connection made while the
 * only worker restarts is refused (ECONNREFUSED). net._createServerHandle is what cluster itself uses to bind
 * a socket without accepting on it; it is not in the documentation, so heldSocket.test.ts checks the
 * behaviour we rely on.
 */
export class HeldSocket {
  readonly port: number
  readonly #handle: TcpHandle

  private constructor(handle: TcpHandle, port: number) {
    this.#handle = handle
    this.port = port
  }

  /** Binds 127.0.0.1:`port` (0: the OS picks); a taken port is a PortInUseError naming `variable`. */
  static async bind(port: number, variable: string): Promise<HeldSocket> {
    const create = (net as unknown as { _createServerHandle?: CreateServerHandle })._createServerHandle
    if (typeof create !== 'function') throw new Error(`net._createServerHandle is missing in Node ${process.version}: the supervisor cannot hold ports`)
    // libuv keeps a bind's EADDRINUSE until the socket listens, and this one never listens here: a
    // throwaway server tries the port first. (Taken in between, the worker's own listen says so.)
    if (port !== 0) await tryListening(port, variable)
    const handle = create('127.0.0.1', port, 4)
    if (typeof handle === 'number') {
      if (util.getSystemErrorName(handle) === 'EADDRINUSE') throw new PortInUseError(port, variable)
      throw new Error(`cannot bind 127.0.0.1:${port} (${util.getSystemErrorName(handle)}; ${variable})`)
    }
    const address: { port?: number } = {}
    handle.getsockname(address)
    return new HeldSocket(handle, address.port ?? port)
  }

  /** The descriptor to hand to a child (spawn's stdio); it listens with `server.listen({ fd })`. */
  get fd(): number {
    return this.#handle.fd
  }

  close(): void {
    this.#handle.close()
  }
}

function tryListening(port: number, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, variable) : error))
    probe.listen({ host: '127.0.0.1', port, exclusive: true }, () => probe.close(() => resolve()))
  })
}
