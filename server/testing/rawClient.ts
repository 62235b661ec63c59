import net from 'node:net'

/**
 * A client that misbehaves at the socket level: opens a socket, writes `chunks` with `pauseMs` between them,
 * then ends it the given way (`reset`: an RST at once; `end`: a clean FIN; `wait-reset`: an RST a moment
 * later, while the answer is being read). Resolves when the socket is closed, after 3 s at most.
 */
export function rawClient(port: number, chunks: Array<string | Buffer>, ending: 'reset' | 'end' | 'wait-reset', pauseMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.on('error', () => {})
    socket.on('close', () => resolve())
    socket.on('data', () => {})
    let index = 0
    const next = () => {
      if (index < chunks.length) {
        socket.write(chunks[index++]!)
        setTimeout(next, pauseMs)
        return
      }
      if (ending === 'reset') socket.resetAndDestroy()
      else if (ending === 'end') socket.end()
      else setTimeout(() => socket.resetAndDestroy(), 20)
    }
    socket.once('connect', next)
    setTimeout(() => socket.destroy(), 3_000)
  })
}
