/**
 * A Kubo-style file store made of recorded answers (testdata/components/local-files.json, scripts/record-files.ts),
 * for the files page's tests. Test-only. Like ReplayTransport, it stands in for the network: `install()` puts a
 * fetch in the browser's place for the store's URL only, so the app's own files client runs as it does. A
 * request is looked up by its command and query; one with no recording is answered 500 and noted in `missing`,
 * which fails the test (src/testing/renderApp.tsx finishApp). Uploads go over XMLHttpRequest and are not replayed.
 * Besides answering, the store can hang (the page's loading state) or be down (its error state).
 */

export type RecordedHttp = { command: string; query: string; status: number; contentType: string; body: string }

export type FileStoreMode = 'answer' | 'hang' | 'down'

export class FileStoreReplay {
  readonly #answers = new Map<string, RecordedHttp>()
  readonly missing: string[] = []
  readonly asked: string[] = []
  mode: FileStoreMode = 'answer'

  constructor(requests: readonly RecordedHttp[]) {
    for (const request of requests) this.#answers.set(requestKey(request.command, new URLSearchParams(request.query)), request)
  }

  /** Answers requests to `url` (the network's ipfsUrl) until the returned function is called. */
  install(url: string): () => void {
    const before = globalThis.fetch
    globalThis.fetch = (input, init) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (!href.startsWith(`${url}/api/v0/`)) return before(input, init)
      const parsed = new URL(href)
      const key = requestKey(parsed.pathname.slice('/api/v0/'.length), parsed.searchParams)
      this.asked.push(key)
      if (this.mode === 'down') return Promise.reject(new TypeError('Failed to fetch'))
      if (this.mode === 'hang') {
        const signal = init?.signal
        return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true }))
      }
      const found = this.#answers.get(key)
      if (!found) {
        this.missing.push(key)
        return Promise.resolve(new Response(`no recorded answer for ${key}`, { status: 500 }))
      }
      return Promise.resolve(new Response(found.body, { status: found.status, headers: { 'content-type': found.contentType } }))
    }
    return () => {
      globalThis.fetch = before
    }
  }
}

/** A request's key: its command and its query, parameters in name order. */
function requestKey(command: string, query: URLSearchParams): string {
  const sorted = new URLSearchParams([...query.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  return `${command}?${sorted.toString()}`
}
