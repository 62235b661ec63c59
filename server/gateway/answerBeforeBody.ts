import type http from 'node:http'

/** How much of a body the gateway reads and throws away after answering early, and for how long at most. */
export const drainLimits = { bytes: 64 * 1024 * 1024, ms: 10_000 }

/**
 * Answers a request before its body has been read (a wrong key, a body over the limit), then reads and
 * discards the rest of the body before the connection closes. Closing at once reset a client that was still
 * writing: Node's http, fetch and curl then reported EPIPE or ECONNRESET instead of the 413 they had been sent.
 * The answer leaves at once with its length, so a client that reads while it writes has it straight away; past
 * `limits` (bytes or time) the connection is cut, so a client cannot hold it open forever.
 */
export function answerBeforeBody(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  answer: { status: number; headers: Record<string, string>; body: string },
  limits = drainLimits,
): void {
  response.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)), connection: 'close' })
  if (request.complete) {
    response.end(answer.body)
    return
  }
  response.write(answer.body)
  let read = 0
  const cut = () => {
    clearTimeout(timer)
    request.destroy()
  }
  const timer = setTimeout(cut, limits.ms)
  request.on('data', (chunk: Buffer) => {
    read += chunk.length
    if (read > limits.bytes) cut()
  })
  request.on('end', () => {
    clearTimeout(timer)
    response.end()
  })
  request.on('close', () => clearTimeout(timer))
  request.resume()
}
