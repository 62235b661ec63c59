import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { PresentIcon } from '../ui/icons.tsx'
import { useNetwork } from '../ui/networks/NetworkContext.tsx'
import { useServerMarkup } from '../ui/useServerMarkup.ts'

/** The presentation's code loads only when one starts: it costs the app's first load nothing. */
const Presentation = lazy(async () => ({ default: (await import('./Presentation.tsx')).Presentation }))

/** `?present` starts a presentation; `?present=auto` starts it in automatic mode. */
export const presentParam = 'present'

type Session = { auto: boolean }

/**
 * The header's Present button and the `?present` link: either starts the presentation over the current
 * page. The parameter is taken out of the URL once read, so the walk's own pages never carry it and a
 * reload does not start a second walk.
 */
export function PresentLauncher() {
  const location = useLocation()
  const navigate = useNavigate()
  const network = useNetwork()
  const [session, setSession] = useState<Session | null>(null)
  const asked = new URLSearchParams(location.search).get(presentParam)
  const serverMarkup = useServerMarkup()
  // Started by the URL: state that follows the location, set while rendering (no effect, no extra frame). Not in
  // the server's render of the page (the walk's code loads on demand, which the server's render does not wait
  // for), nor in the browser's hydration of it, which must render what the server did: in the render after.
  if (asked !== null && session === null && !serverMarkup) setSession({ auto: asked === 'auto' })

  useEffect(() => {
    if (asked === null) return
    const search = new URLSearchParams(location.search)
    search.delete(presentParam)
    const rest = search.toString()
    void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true })
  }, [asked, location, navigate])

  const leave = useCallback(() => setSession(null), [])
  const start = () => {
    // Asked inside the click, the one moment the browser allows it.
    document.documentElement.requestFullscreen?.().catch(() => {})
    setSession({ auto: false })
  }

  return (
    <>
      <button
        type="button"
        onClick={start}
        title="Present: a full-screen walk through the live explorer"
        aria-label="Present"
        data-testid="present-start"
        className="flex size-9 items-center justify-center rounded-full text-zinc-500 ring-1 ring-inset ring-zinc-200 transition hover:bg-zinc-100 hover:text-zinc-800 dark:text-zinc-400 dark:ring-zinc-800 dark:hover:bg-zinc-900 dark:hover:text-zinc-100"
      >
        <PresentIcon className="size-4.5" />
      </button>
      {session && (
        <Suspense fallback={null}>
          <Presentation key={network.name} autoAtStart={session.auto} onLeave={leave} />
        </Suspense>
      )}
    </>
  )
}
