/**
 * Uploads go over XMLHttpRequest: fetch cannot report upload progress in Chromium, XHR's `upload` progress
 * events can. One request per file, so each file has its own progress and its own cancel.
 */

export type UploadProgressEvent = { loaded: number; total: number; lengthComputable: boolean }

/** The part of XMLHttpRequest this module uses (the tests run it over node:http, see testing/nodeXhr.ts). */
export interface XhrLike {
  open(method: string, url: string): void
  setRequestHeader(name: string, value: string): void
  send(body: FormData): void
  abort(): void
  readonly status: number
  readonly responseText: string
  readonly upload: { addEventListener(type: 'progress', listener: (event: UploadProgressEvent) => void): void }
  addEventListener(type: 'load' | 'error' | 'abort' | 'timeout', listener: () => void): void
}

export type UploadRequest = {
  url: string
  headers: Record<string, string>
  body: FormData
  /** Bytes of the whole request body sent so far (multipart framing included). */
  onProgress?: (loaded: number, total: number) => void
  signal?: AbortSignal
}

/** How an upload ended without an HTTP answer. */
export type UploadFailure = 'unreachable' | 'aborted'

export type UploadAnswer = { ok: true; status: number; text: string } | { ok: false; failure: UploadFailure }

export type UploadTransport = (request: UploadRequest) => Promise<UploadAnswer>

function browserXhr(): XhrLike {
  return new XMLHttpRequest()
}

/** Sends one multipart body; never rejects (a failure is an answer with ok: false). */
export function xhrUpload(createXhr: () => XhrLike = browserXhr): UploadTransport {
  return (request) =>
    new Promise((resolve) => {
      if (request.signal?.aborted) return resolve({ ok: false, failure: 'aborted' })
      const xhr = createXhr()
      let settled = false
      const finish = (answer: UploadAnswer) => {
        if (settled) return
        settled = true
        request.signal?.removeEventListener('abort', onAbort)
        resolve(answer)
      }
      const onAbort = () => {
        xhr.abort()
        finish({ ok: false, failure: 'aborted' })
      }
      request.signal?.addEventListener('abort', onAbort, { once: true })

      xhr.open('POST', request.url)
      for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value)
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) request.onProgress?.(event.loaded, event.total)
      })
      // An HTTP error is a `load` with its status; `error` is no answer at all (status 0).
      xhr.addEventListener('load', () => finish({ ok: true, status: xhr.status, text: xhr.responseText }))
      xhr.addEventListener('error', () => finish({ ok: false, failure: 'unreachable' }))
      xhr.addEventListener('timeout', () => finish({ ok: false, failure: 'unreachable' }))
      xhr.addEventListener('abort', () => finish({ ok: false, failure: 'aborted' }))
      xhr.send(request.body)
    })
}
