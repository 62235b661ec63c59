/**
 * What a user does on the server's page before the app runs it, held and done again once the app runs:
 *   - a form sent (Enter in the search box while the page is still only markup) is held, not sent as a reload of
 *     the page that would lose what was typed, and sent again;
 *   - a click on a button (a panel's "open", a tab) is held and clicked again: markup without handlers does
 *     nothing with it, and the app's code is compiled only after the first paint (compileAfterPaint.ts), so the
 *     moment a first click can land in is longer. Links are left alone: the browser follows them itself.
 * From the moment the app starts hydrating, React takes events itself (it replays those on markup it has not
 * hydrated yet): holding stops then, and what was held is done once the app is running.
 */
export type HeldInput = { stop(): void; replay(): void }

export function holdInput(target: Document = document): HeldInput {
  let form: HTMLFormElement | null = null
  const clicked: HTMLButtonElement[] = []
  const holdSubmit = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement)) return
    event.preventDefault()
    form = event.target
  }
  const holdClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    // A submit button's click sends its form: that is the submit's to hold.
    if (!button || button.type === 'submit' || button.disabled) return
    clicked.push(button)
  }
  target.addEventListener('submit', holdSubmit, true)
  target.addEventListener('click', holdClick, true)
  return {
    stop: () => {
      target.removeEventListener('submit', holdSubmit, true)
      target.removeEventListener('click', holdClick, true)
    },
    replay: () => {
      // The app rendered its own elements in their place (it could not hydrate): nothing of them to do again.
      for (const button of clicked.splice(0)) if (button.isConnected) button.click()
      const held = form
      form = null
      if (held?.isConnected) held.requestSubmit()
    },
  }
}
