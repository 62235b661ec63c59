/**
 * A form sent before the app runs (Enter in the search box while the server's page is still only markup) is
 * held, not sent as a reload of the page that would lose what was typed, and sent again once the app runs it.
 * From the moment the app starts hydrating, React takes events itself (it replays those on markup it has not
 * hydrated yet): holding stops then, and what was held is sent once the app is running.
 */
export type HeldSubmits = { stop(): void; replay(): void }

export function holdSubmits(target: Document = document): HeldSubmits {
  let held: HTMLFormElement | null = null
  const hold = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement)) return
    event.preventDefault()
    held = event.target
  }
  target.addEventListener('submit', hold, true)
  return {
    stop: () => target.removeEventListener('submit', hold, true),
    replay: () => {
      const form = held
      held = null
      // The app rendered its own element in its place (it could not hydrate): nothing of it to send.
      if (form?.isConnected) form.requestSubmit()
    },
  }
}
