/**
 * The listeners of one piece of the app's state, and the one way its stores tell their readers of a change:
 * `subscribe` is what React's useSyncExternalStore takes, `notify` tells every listener (each subscribed when
 * the change happens: a listener that unsubscribes another mid-way does not stop it being told). A store that
 * costs something only while it is read (a timer, a node's subscription, a storage event) starts it with the
 * first listener and stops it with the last.
 */
export type Listeners<Event = void> = {
  subscribe: (listener: (event: Event) => void) => () => void
  notify: (event: Event) => void
  readonly size: number
}

export type ListenerHooks = { onFirst?: () => void; onLast?: () => void }

export function createListeners<Event = void>(hooks: ListenerHooks = {}): Listeners<Event> {
  const listeners = new Set<(event: Event) => void>()
  return {
    subscribe(listener) {
      const added = !listeners.has(listener)
      listeners.add(listener)
      if (added && listeners.size === 1) hooks.onFirst?.()
      return () => {
        if (listeners.delete(listener) && listeners.size === 0) hooks.onLast?.()
      }
    },
    notify(event) {
      for (const listener of [...listeners]) listener(event)
    },
    get size() {
      return listeners.size
    },
  }
}
