import type { CDPSession, Page } from '@playwright/test'
import type { RequestRecord } from './loadFigures.ts'

/**
 * A page's HTTP requests as the DevTools protocol reports them (Network.requestWillBeSent, responseReceived,
 * loadingFinished, requestServedFromCache, loadingFailed), on a CDP session of the bench's own. Response bodies
 * are never read: reading them through the protocol loads the two cores (see bench/logs.ts).
 */

/** Chromium's DevTools network conditions, as Network.emulateNetworkConditions takes them (bytes per second). */
export type NetworkConditions = { offline: false; latency: number; downloadThroughput: number; uploadThroughput: number }

/** Issue 18's emulated network: 40 ms round trip, 20 Mbit/s down, 5 Mbit/s up. */
export const emulatedNetwork: NetworkConditions = { offline: false, latency: 40, downloadThroughput: 20e6 / 8, uploadThroughput: 5e6 / 8 }

/** The fields of the protocol's events that are read here. */
type WillBeSent = {
  requestId: string
  loaderId: string
  type?: string
  timestamp: number
  wallTime: number
  request: { url: string; method: string; postData?: string }
  initiator: { type: string; requestId?: string }
  redirectResponse?: { encodedDataLength: number }
}
type ResponseReceived = {
  requestId: string
  response: { fromDiskCache?: boolean; fromPrefetchCache?: boolean; fromServiceWorker?: boolean; encodedDataLength: number; timing?: { requestTime: number; receiveHeadersEnd: number } }
}
type LoadingFinished = { requestId: string; timestamp: number; encodedDataLength: number }

/** A request as recorded, with what is needed to tell which load it belongs to. */
export type RecordedRequest = RequestRecord & {
  loaderId: string
  /** The request a CORS preflight was made for. */
  preflightFor?: string
  /** Wall-clock seconds at `start`: links the protocol's clock to the page's. */
  wallTime: number
  postData?: string
  finished: boolean
}

export class NetworkRecorder {
  readonly #session: CDPSession
  #requests = new Map<string, RecordedRequest>()
  #inFlight = new Set<string>()
  /** performance.now() of this process at the last request event: how long the network has been quiet. */
  #lastActivity = performance.now()

  private constructor(session: CDPSession) {
    this.#session = session
    session.on('Network.requestWillBeSent', (event: WillBeSent) => this.#willBeSend(event))
    session.on('Network.responseReceived', (event: ResponseReceived) => {
      const request = this.#requests.get(event.requestId)
      if (!request) return
      const { response } = event
      if (response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker) request.fromCache = true
      // The event's own timestamp can come after loadingFinished's (it is dispatched late for scripts); the
      // timing block says when the headers really arrived.
      if (response.timing) request.headersAt = response.timing.requestTime + response.timing.receiveHeadersEnd / 1000
      // A preflight's loadingFinished says 0 bytes; its response's count holds its headers.
      request.wireBytes = Math.max(request.wireBytes, response.encodedDataLength)
    })
    session.on('Network.requestServedFromCache', (event: { requestId: string }) => {
      const request = this.#requests.get(event.requestId)
      if (request) request.fromCache = true
    })
    session.on('Network.loadingFinished', (event: LoadingFinished) => {
      const request = this.#requests.get(event.requestId)
      if (!request) return
      request.end = event.timestamp
      request.finished = true
      request.wireBytes = Math.max(request.wireBytes, event.encodedDataLength)
      this.#settled(event.requestId)
    })
    session.on('Network.loadingFailed', (event: { requestId: string }) => this.#settled(event.requestId))
  }

  /** Records `page`'s requests from now on; with `conditions`, its network is emulated (set before it navigates). */
  static async attach(page: Page, conditions?: NetworkConditions): Promise<NetworkRecorder> {
    const session = await page.context().newCDPSession(page)
    const recorder = new NetworkRecorder(session)
    await session.send('Network.enable')
    if (conditions) await session.send('Network.emulateNetworkConditions', conditions)
    return recorder
  }

  #willBeSend(event: WillBeSent) {
    this.#lastActivity = performance.now()
    const { request } = event
    if (!/^https?:/.test(request.url)) return
    const known = this.#requests.get(event.requestId)
    if (known && event.redirectResponse) {
      // A redirect keeps its id: the hop's bytes count, the request goes on from its first start.
      known.wireBytes += event.redirectResponse.encodedDataLength
      known.url = request.url
      return
    }
    this.#inFlight.add(event.requestId)
    this.#requests.set(event.requestId, {
      id: event.requestId,
      url: request.url,
      method: request.method,
      type: event.type ?? 'Other',
      start: event.timestamp,
      wallTime: event.wallTime,
      fromCache: false,
      wireBytes: 0,
      loaderId: event.loaderId,
      ...(event.initiator.type === 'parser' ? { fromParser: true } : {}),
      ...(event.initiator.type === 'preflight' && event.initiator.requestId ? { preflightFor: event.initiator.requestId } : {}),
      ...(request.postData !== undefined ? { postData: request.postData } : {}),
      finished: false,
    })
  }

  #settled(id: string) {
    this.#lastActivity = performance.now()
    this.#inFlight.delete(id)
  }

  /** Forgets what was recorded so far (the load before the measured one). */
  reset(): void {
    this.#requests = new Map()
    this.#inFlight = new Set()
  }

  /**
   * The requests of the last document loaded since the reset: those of its loader, and the CORS preflights of
   * those (a preflight has no loader of its own).
   */
  load(): { document: RecordedRequest; requests: RecordedRequest[] } {
    const all = [...this.#requests.values()]
    const document = all.filter((request) => request.type === 'Document').at(-1)
    if (!document) throw new Error('no document was loaded since the recorder was reset')
    const ofLoader = new Set(all.filter((request) => request.loaderId === document.loaderId).map((request) => request.id))
    const requests = all.filter((request) => ofLoader.has(request.id) || (request.preflightFor !== undefined && ofLoader.has(request.preflightFor)))
    // A response from the cache still reports the size it had when it came over the network: nothing came now.
    return { document, requests: requests.map((request) => (request.fromCache ? { ...request, wireBytes: 0 } : request)) }
  }

  /** Resolves once no request has been in flight or started for `quietMs`, or after `limitMs` in any case. */
  async quiet(quietMs: number, limitMs: number): Promise<void> {
    const started = performance.now()
    while (performance.now() - started < limitMs) {
      if (this.#inFlight.size === 0 && performance.now() - this.#lastActivity >= quietMs) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  async detach(): Promise<void> {
    await this.#session.detach().catch(() => {})
  }
}
