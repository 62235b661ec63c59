import http from 'node:http'
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
  // Warm up connections and the node's caches before measuring.
  await Promise.all(Array.from({ length: concurrency }, one))
  latencies.length = 0
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!
  return { concurrency, requests, p50Ms: round(at(0.5)), p99Ms: round(at(0.99)), perSecond: Math.round(latencies.length / seconds) }
}

const round = (value: number) => Math.round(value * 1000) / 1000
