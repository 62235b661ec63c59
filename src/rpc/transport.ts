/** What methods.ts needs from a transport: HTTP and WebSocket both offer it. */

export type CallOptions = {
  /** Cancels the call: it leaves its batch if not sent yet, and its answer is ignored if it was. */
  signal?: AbortSignal
  /** Overrides the transport's default timeout for this call. */
  timeoutMs?: number
  /**
   * Sent at once in a request of its own, joining no batch (HTTP). For a call whose answer is big and whose
   * neighbours should not wait for it, sent at a moment that matters (the logs scan's next window).
   */
  alone?: boolean
}

export interface RpcTransport {
  request(method: string, params?: readonly unknown[], options?: CallOptions): Promise<unknown>
}

export type Unsubscribe = () => void

/**
 * Every call passes it on its way out (subscriptions too, as `eth_subscribe` with their params): it returns
 * the params to send, or throws to refuse the call, which then rejects like a failed request. A network's
 * rules (methods it does not offer, tags it refuses) are applied here.
 */
export type PrepareCall = ((method: string, params: readonly unknown[]) => readonly unknown[]) & {
  /**
   * After the node refused a call as sent: the params to send once more instead (a tag it turned out to
   * refuse, replaced by its stand-in), or null to let the error stand. Throwing refuses the retry.
   */
  retry?: (method: string, sent: readonly unknown[], error: unknown) => readonly unknown[] | null
}

/** Runs `prepare`; a refusal becomes a rejected promise for the caller, not a throw. One retry where `prepare` offers one. */
export function prepared(prepare: PrepareCall | undefined, method: string, params: readonly unknown[], send: (sent: readonly unknown[]) => Promise<unknown>): Promise<unknown> {
  let sent: readonly unknown[]
  try {
    sent = prepare ? prepare(method, params) : params
  } catch (error) {
    return Promise.reject(error)
  }
  const retry = prepare?.retry
  if (!retry) return send(sent)
  return send(sent).catch((error: unknown) => {
    const again = retry(method, sent, error)
    if (again === null) throw error
    return send(again)
  })
}

/** What subscription methods need: the WebSocket transport offers it. */
export interface RpcSubscriber {
  /**
   * `onActive` hears each time the server has confirmed the subscription (its eth_subscribe answered), on the
   * first connection and on every one after a reconnect: only from then on is nothing the server sends missed.
   */
  subscribe(kind: string, params: readonly unknown[], onData: (data: unknown) => void, onError?: (error: unknown) => void, onActive?: () => void): Unsubscribe
}
