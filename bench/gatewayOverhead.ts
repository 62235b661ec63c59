import { fork } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'
import { performance } from 'node:perf_hooks'

/** Latency and throughput of one JSON-RPC call under fixed concurrency, over keep-alive HTTP. */
export type LoadResult = { concurrency: number; requests: number; p50Ms: number; p99Ms: number; perSecond: number }

export async function measureLoad(url: string, body: string, concurrency: number, requests: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
  const target = new URL(url)
  const latencies: number[] = []
  let issued = 0
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now()
      const request = http.request(
        { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (response) => {
          response.resume()
          response.on('end', () => {
            latencies.push(performance.now() - started)
            resolve()
          })
        },
      )
      request.on('error', reject)
      request.end(body)
    })
  const worker = async () => {
    while (issued < requests) {
      issued += 1
      await one()
    }
  }
  // Warm up connections, the node's caches and both sides' JIT before measuring (one request is not enough).
  for (let round = 0; round < Math.max(10, Math.ceil(500 / concurrency)); round++) await Promise.all(Array.from({ length: concurrency }, one))
  latencies.length = 0
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!
  return { concurrency, requests, p50Ms: round(at(0.5)), p99Ms: round(at(0.99)), perSecond: Math.round(latencies.length / seconds) }
}

/**
 * measureLoad in a process of its own: the bench runs the service in its own process, and clients of a real
 * gateway never share its event loop.
 */
export function measureLoadApart(url: string, body: string, concurrency: number, requests: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, 'loadClient.ts'), [url, String(concurrency), String(requests)], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, CHAINGLASS_LOAD_BODY: body },
    })
    child.once('message', (result) => resolve(result as LoadResult))
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load client exited with code ${code}`))
    })
  })
}

const round = (value: number) => Math.round(value * 1000) / 1000
