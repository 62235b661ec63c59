import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useNavigate } from 'react-router'
import { useLinkNetwork, useNetwork } from '../ui/networks/NetworkContext.tsx'
import { withNetwork } from '../urls.ts'
import { Caption, TitleCard } from './PresentationParts.tsx'
import { planWalkFor } from './planWalkFor.ts'
import { pacesSeconds, presentKeyAction } from './keys.ts'
import { uploadDemoFile } from './uploadDemoFile.ts'

/** How long a step's subject may take to appear before the page is left where it is. */
const focusWaitMs = 8_000

/** Scrolls the step's subject into view once the page shows it; returns a cancel. */
function scrollWhenShown(selector: string): () => void {
  const started = Date.now()
  let timer = 0
  const attempt = () => {
    const target = document.querySelector(selector)
    if (target) {
      const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches
      target.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' })
    } else if (Date.now() - started < focusWaitMs) timer = window.setTimeout(attempt, 120)
  }
  timer = window.setTimeout(attempt, 150)
  return () => window.clearTimeout(timer)
}

function enterFullscreen(): void {
  if (document.fullscreenElement || !document.documentElement.requestFullscreen) return
  // Refused without a user gesture (a ?present link): the walk goes on in the window as it is.
  document.documentElement.requestFullscreen().catch(() => {})
}

/**
 * The presentation: a title card listing the walk, then each step as the real page with a caption, moved
 * by the keyboard (or by itself in automatic mode). Larger type and no pointer while it runs; Esc leaves,
 * and so does leaving full screen.
 */
export function Presentation({ autoAtStart, onLeave }: { autoAtStart: boolean; onLeave: () => void }) {
  const network = useNetwork()
  const linkNetwork = useLinkNetwork()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [index, setIndex] = useState(-1)
  const [auto, setAuto] = useState(autoAtStart)
  const [pace, setPace] = useState<number>(pacesSeconds[1])
  // The action's progress line, for the step it belongs to (a step left behind keeps its line to itself).
  const [status, setStatus] = useState<{ index: number; text: string } | null>(null)
  const uploaded = useRef<string | null>(null)
  const wasFullscreen = useRef(false)

  // What the walk shows, found on this network now (the launcher keys this component by network).
  const { data: walk = null } = useQuery({ queryKey: ['presentation-walk', network.name], queryFn: () => planWalkFor(network, queryClient), staleTime: Infinity, gcTime: 0, retry: false })

  // Larger type and no pointer from the commit that shows the walk to the one that ends it, not a paint later.
  useLayoutEffect(() => {
    document.documentElement.classList.add('presenting')
    return () => document.documentElement.classList.remove('presenting')
  }, [])

  const count = walk?.steps.length ?? 0
  const move = useCallback((to: number) => setIndex(Math.max(-1, Math.min(count - 1, to))), [count])

  // Listening from the commit (as useDismiss): re-subscribed when the walk's length is known, and a key pressed
  // between the old listener and a new one added after the paint reached nobody.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = presentKeyAction(event.key)
      if (!action || event.ctrlKey || event.metaKey || event.altKey) return
      event.preventDefault()
      event.stopPropagation()
      // A key press is a user gesture: the one moment a ?present link may go full screen.
      if (action !== 'leave') enterFullscreen()
      switch (action) {
        case 'next':
          // Past the last step, back to the first: a walk left running loops. Nothing to move to while it is planned.
          setIndex((current) => (count === 0 ? current : current + 1 >= count ? 0 : current + 1))
          break
        case 'previous':
          setIndex((current) => Math.max(0, current - 1))
          break
        case 'first':
          setIndex(0)
          break
        case 'last':
          setIndex(count - 1)
          break
        case 'auto':
          setAuto((on) => !on)
          break
        case 'slower':
        case 'faster':
          setPace((current) => {
            const at = (pacesSeconds as readonly number[]).indexOf(current)
            return pacesSeconds[Math.max(0, Math.min(pacesSeconds.length - 1, at + (action === 'slower' ? 1 : -1)))]!
          })
          setAuto(true)
          break
        case 'leave':
          onLeave()
          break
      }
    }
    window.addEventListener('keydown', onKey, { capture: true })
    return () => window.removeEventListener('keydown', onKey, { capture: true })
  }, [count, onLeave])

  // Leaving full screen (the browser's own Esc) leaves the presentation too.
  useEffect(() => {
    const onChange = () => {
      if (document.fullscreenElement) wasFullscreen.current = true
      else if (wasFullscreen.current) onLeave()
    }
    document.addEventListener('fullscreenchange', onChange)
    return () => {
      document.removeEventListener('fullscreenchange', onChange)
      if (document.fullscreenElement) document.exitFullscreen().catch(() => {})
    }
  }, [onLeave])

  // Each step opens its page, brings its subject into view, and does its action.
  const step = walk && index >= 0 ? walk.steps[index] : undefined
  useEffect(() => {
    if (!step) return
    navigate(withNetwork(step.path, linkNetwork))
    let cancelScroll = step.focus && step.action === undefined ? scrollWhenShown(step.focus) : () => {}
    const controller = new AbortController()
    if (step.action === 'upload-file') {
      void uploadDemoFile({ network, queryClient, reuse: uploaded.current, signal: controller.signal, onStatus: (text) => setStatus({ index, text }) }).then((cid) => {
        if (cid === null || controller.signal.aborted) return
        uploaded.current = cid
        navigate(withNetwork(`${step.path}?cid=${encodeURIComponent(cid)}`, linkNetwork), { replace: true })
        if (step.focus) cancelScroll = scrollWhenShown(`${step.focus}[data-cid="${cid}"]`)
      })
    }
    return () => {
      controller.abort()
      cancelScroll()
    }
  }, [step, index, navigate, linkNetwork, network, queryClient])

  // Automatic mode: the next step after `pace` seconds (the title card too, so a kiosk starts by itself).
  useEffect(() => {
    if (!auto || !walk || count === 0) return
    const timer = window.setTimeout(() => setIndex((current) => (current + 1 >= count ? 0 : current + 1)), pace * 1000)
    return () => window.clearTimeout(timer)
  }, [auto, walk, count, pace, index])

  // Into <body>: the header it is started from blurs its backdrop, and a backdrop filter makes an element the
  // box that `position: fixed` children are placed in, which would pin the overlay to the header.
  return createPortal(
    step ? (
      <Caption step={step} index={index} count={count} auto={auto} pace={pace} status={status?.index === index ? status.text : null} />
    ) : (
      <TitleCard
        networkLabel={network.label}
        walk={walk}
        auto={auto}
        pace={pace}
        onBegin={() => {
          enterFullscreen()
          move(0)
        }}
      />
    ),
    document.body,
  )
}
