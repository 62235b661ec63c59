import http from 'node:http'
import type { UploadProgressEvent, XhrLike } from '../upload.ts'

/**
 * Just enough XMLHttpRequest over node:http for the client's unit tests to run its real upload path
 * (xhrUpload) against the real service: Node has no XHR. The body is encoded by Node's own Response (the
 * same multipart/form-data a browser sends) and written in 64 KiB pieces; each piece handed to the socket is
 * an upload progress event, as a browser reports them. Test-only; the app never imports it.
 */
export class NodeXhr implements XhrLike {
  status = 0
  responseText = ''
  private method = 'POST'
  private url = ''
  private readonly headers: Record<string, string> = {}
  private readonly listeners = new Map<string, Array<() => void>>()
  private readonly progressListeners: Array<(event: UploadProgressEvent) => void> = []
  private request: http.ClientRequest | null = null
  private ended = false
  /** Bytes the server had been sent when the last progress event fired, for tests that look. */
  sentBytes = 0

  readonly upload = {
    addEventListener: (_type: 'progress', listener: (event: UploadProgressEvent) => void) => {
      this.progressListeners.push(listener)
    },
  }

  open(method: string, url: string): void {
    this.method = method
    this.url = url
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value
  }

  addEventListener(type: 'load' | 'error' | 'abort' | 'timeout', listener: () => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }

  send(body: FormData): void {
    void this.run(body)
  }

  abort(): void {
    if (this.ended) return
    this.request?.destroy()
    this.end('abort')
  }

  private end(type: 'load' | 'error' | 'abort'): void {
    if (this.ended) return
    this.ended = true
    for (const listener of this.listeners.get(type) ?? []) listener()
  }

  private async run(body: FormData): Promise<void> {
    const encoded = new Response(body)
    const bytes = new Uint8Array(await encoded.arrayBuffer())
    if (this.ended) return
    let answered = false
    const request = http.request(this.url, {
      method: this.method,
      headers: { ...this.headers, 'content-type': encoded.headers.get('content-type') ?? '', 'content-length': String(bytes.length) },
    })
    this.request = request
    request.on('response', (response) => {
      answered = true
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        this.status = response.statusCode ?? 0
        this.responseText = Buffer.concat(chunks).toString('utf8')
        this.end('load')
      })
      response.on('error', () => this.end('error'))
    })
    request.on('error', () => {
      // The server may answer and close while the body is still going out (a 413): the answer is what counts.
      setTimeout(() => {
        if (!answered) this.end('error')
      }, 200)
    })

    const piece = 64 * 1024
    for (let offset = 0; offset < bytes.length; offset += piece) {
      if (this.ended || answered || request.destroyed) return
      const chunk = bytes.subarray(offset, Math.min(bytes.length, offset + piece))
      const written = await new Promise<boolean>((resolve) => request.write(chunk, (error) => resolve(!error)))
      if (!written) return
      this.sentBytes = offset + chunk.length
      for (const listener of this.progressListeners) listener({ loaded: this.sentBytes, total: bytes.length, lengthComputable: true })
    }
    request.end()
  }
}
