import { Suspense, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { formatChainId } from '../format/hex.ts'
import { useLinkNetwork, useNetwork } from './networks/NetworkContext.tsx'
import { NetworkNotices } from './networks/NetworkNotices.tsx'
import { SampleGate } from './networks/SampleGate.tsx'
import { useFirstUseProbe } from './networks/useFirstUseProbe.ts'
import { useHeadSubscription } from '../queries/head.ts'
import { blocksPath, homePath, l2aBlockPath, l2bPendingPath, settingsPath, toolPaths, withNetwork } from '../urls.ts'
import { AppLink } from './AppLink.tsx'
import { useLinkClick } from './linkNavigation.ts'
import { ConnectionBanner } from './ConnectionBanner.tsx'
import { ErrorBoundary } from './ErrorBoundary.tsx'
import { RouteError } from './RouteError.tsx'
import { ChevronDownIcon } from './icons.tsx'
import { Logo } from './Logo.tsx'
import { NetworkMenu } from './NetworkMenu.tsx'
import { SearchBox } from './SearchBox.tsx'
import { ThemeSwitch } from './ThemeSwitch.tsx'
import { PresentLauncher } from '../present/PresentLauncher.tsx'
import { useDismiss } from './useDismiss.ts'

/** Header, connection banner, page, footer: the frame every route renders into. */
export function AppFrame() {
  const network = useNetwork()
  // The head stays live on every page, and the socket's state in the header means something everywhere.
  useHeadSubscription(network)
  // What the network offers, asked of it on its first use in this browser (then kept).
  useFirstUseProbe(network)
  const mobileNav = useMobileNav()
  const location = useLocation()

  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-20 border-b border-zinc-200/80 bg-white dark:border-zinc-800/80 dark:bg-zinc-950">
        {/* Phone: logo, theme and menu on one row, network and search below. Desktop: one row, the navigation under it. */}
        <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,auto)_1fr_auto] items-center gap-x-3 gap-y-3 px-4 py-3 [grid-template-areas:'logo_._theme'_'net_search_search'] sm:px-6 lg:grid-cols-[auto_auto_1fr_auto] lg:gap-x-4 lg:px-8 lg:[grid-template-areas:'logo_net_search_theme']">
          <AppLink to={homePath} ariaLabel="chainglass home" testId="home-link" className="rounded-md [grid-area:logo]">
            <Logo />
          </AppLink>
          <div className="min-w-0 [grid-area:net]">
            <NetworkMenu />
          </div>
          <div className="min-w-0 [grid-area:search] lg:ml-auto lg:w-full lg:max-w-md">
            <SearchBox />
          </div>
          <div className="flex items-center gap-2 [grid-area:theme]">
            <PresentLauncher />
            <ThemeSwitch />
            {mobileNav.toggle}
          </div>
        </div>
        {mobileNav.panel}
        <MainNav />
        <ConnectionBanner />
        <NetworkNotices />
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        <SampleGate>
          {/* A page that fails is explained in place (the header stays); a new location tries again. */}
          <ErrorBoundary resetKey={location.key} fallback={(error) => <RouteError error={error} />}>
            {/* The first page's code loading: the frame is up, the page's place says it is coming. */}
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </SampleGate>
      </main>
      <footer className="border-t border-zinc-200/80 dark:border-zinc-800/80">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-5 text-xs text-zinc-500 sm:px-6 lg:px-8 dark:text-zinc-400">
          <span>chainglass · a block explorer for JSON-RPC node-access services</span>
          <span>
            {network.label} · chain {formatChainId(network.chainId)}
          </span>
        </div>
      </footer>
      {/* Back and forward return to where each page was scrolled, a new page opens at its top (React Router's). */}
      <ScrollRestoration />
    </div>
  )
}

/** While a page's code loads (on a full load; later pages are loaded ahead or keep the last page on screen). */
function PageLoading() {
  return <div className="min-h-[50vh]" role="status" aria-busy="true" aria-label="Loading the page" data-testid="page-loading" />
}

// ---------------------------------------------------------------------------------------------------------
// Navigation: a row of links under the header from md up; a menu button and panel on narrow screens.

type NavEntry = { label: string; to: string; testId: string; active: (pathname: string) => boolean; note?: string }

const under = (...prefixes: string[]) => (pathname: string) => prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))

const mainEntries: readonly NavEntry[] = [
  { label: 'Overview', to: homePath, testId: 'nav-home', active: (pathname) => pathname === homePath },
  // Blocks and what is reached through them: a block, its transactions and uncles.
  { label: 'Blocks', to: blocksPath, testId: 'nav-blocks', active: under(blocksPath, '/block', '/tx', '/uncle') },
  { label: 'Logs', to: toolPaths.logs, testId: 'nav-logs', active: under(toolPaths.logs) },
  { label: 'Call', to: toolPaths.call, testId: 'nav-call', active: under(toolPaths.call) },
  { label: 'Storage', to: toolPaths.storage, testId: 'nav-storage', active: under(toolPaths.storage) },
  { label: 'Files', to: toolPaths.files, testId: 'nav-files', active: under(toolPaths.files) },
]

const layer2Entries: readonly NavEntry[] = [
  { label: 'L2 A · raw block transactions', to: l2aBlockPath(5817), testId: 'nav-l2a', active: under('/l2a'), note: 'l2a_getRawBlockTransactions' },
  { label: 'L2 B · pending transactions', to: l2bPendingPath, testId: 'nav-l2b', active: under('/l2b'), note: 'l2b_pendingTransactions' },
]

const settingsEntry: NavEntry = { label: 'Settings', to: settingsPath, testId: 'nav-settings', active: under(settingsPath) }

/**
 * An in-app navigation link: like AppLink (it keeps `?network=`), and it tells assistive technology which
 * link is the current page (aria-current), which AppLink has no way to say.
 */
function NavItemLink({ entry, className, onNavigate }: { entry: NavEntry; className: (active: boolean) => string; onNavigate?: () => void }) {
  const { pathname } = useLocation()
  const href = withNetwork(entry.to, useLinkNetwork())
  const click = useLinkClick(href, onNavigate)
  const active = entry.active(pathname)
  return (
    <a href={href} onClick={click} aria-current={active ? 'page' : undefined} data-testid={entry.testId} data-active={active} className={className(active)}>
      {entry.label}
      {entry.note && <span className="block font-mono text-[11px] font-normal text-zinc-500 dark:text-zinc-400">{entry.note}</span>}
    </a>
  )
}

const tabClass = (active: boolean) =>
  `relative flex h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors after:absolute after:inset-x-3 after:-bottom-px after:h-0.5 after:rounded-full ${
    active
      ? 'text-zinc-900 after:bg-accent-500 dark:text-white dark:after:bg-accent-400'
      : 'text-zinc-500 hover:text-zinc-900 after:bg-transparent dark:text-zinc-400 dark:hover:text-zinc-100'
  }`

/** Layer 2: two pages, in a small disclosure menu (Escape or a click elsewhere closes it). */
function Layer2Menu() {
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const active = layer2Entries.some((entry) => entry.active(pathname))

  useDismiss(open, root, (byEscape) => {
    setOpen(false)
    if (byEscape) button.current?.focus()
  })

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const links = [...(root.current?.querySelectorAll<HTMLAnchorElement>('[data-layer2-panel] a') ?? [])]
    if (links.length === 0) return
    event.preventDefault()
    const at = links.indexOf(document.activeElement as HTMLAnchorElement)
    const next = at < 0 ? (event.key === 'ArrowDown' ? 0 : links.length - 1) : (at + (event.key === 'ArrowDown' ? 1 : -1) + links.length) % links.length
    links[next]?.focus()
  }

  return (
    <div ref={root} className="relative" onKeyDown={(event) => {
      if (!open && event.key === 'ArrowDown' && event.target === button.current) {
        event.preventDefault()
        setOpen(true)
        requestAnimationFrame(() => root.current?.querySelector<HTMLAnchorElement>('[data-layer2-panel] a')?.focus())
        return
      }
      onKeyDown(event)
    }}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="nav-layer2"
        data-active={active}
        onClick={() => setOpen((value) => !value)}
        className={`${tabClass(active)} gap-1`}
      >
        Layer 2
        <ChevronDownIcon className={`size-3.5 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div
          id={panelId}
          data-layer2-panel=""
          data-testid="nav-layer2-panel"
          className="absolute left-0 top-full z-30 mt-1 w-72 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
        >
          {layer2Entries.map((entry) => (
            <NavItemLink
              key={entry.testId}
              entry={entry}
              onNavigate={() => setOpen(false)}
              className={(current) =>
                `block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                  current ? 'bg-accent-50 text-accent-700 dark:bg-accent-950/60 dark:text-accent-300' : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800'
                }`
              }
            />
          ))}
        </div>
      )}
    </div>
  )
}

/** The navigation row under the header, from md up. */
function MainNav() {
  return (
    <nav aria-label="Main" data-testid="main-nav" className="mx-auto hidden max-w-7xl items-center gap-1 px-2.5 sm:px-4 md:flex lg:px-6">
      {mainEntries.map((entry) => (
        <NavItemLink key={entry.testId} entry={entry} className={tabClass} />
      ))}
      <Layer2Menu />
      <span className="flex-1" />
      <NavItemLink entry={settingsEntry} className={tabClass} />
    </nav>
  )
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" aria-hidden="true" className="size-5">
      {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  )
}

/** Narrow screens: a menu button for the header's top row, and the panel it opens below the header row. */
function useMobileNav() {
  const location = useLocation()
  // Open for one location only: following a link (or going back) closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === location.key
  const panelId = useId()
  const button = useRef<HTMLButtonElement>(null)

  // From the commit that opens the menu (useDismiss says why).
  useLayoutEffect(() => {
    if (!open) return
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpenAt(null)
      button.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  const toggle = (
    <button
      ref={button}
      type="button"
      aria-expanded={open}
      aria-controls={panelId}
      aria-label={open ? 'Close the menu' : 'Open the menu'}
      data-testid="nav-menu-button"
      onClick={() => setOpenAt(open ? null : location.key)}
      className="flex size-9 items-center justify-center rounded-full bg-zinc-100 text-zinc-600 ring-1 ring-inset ring-zinc-200 transition hover:text-zinc-900 md:hidden dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-800 dark:hover:text-white"
    >
      <MenuIcon open={open} />
    </button>
  )

  // Closed by the link that leaves too: going back to this entry (same key) must not show it open again.
  const close = () => setOpenAt(null)
  const itemClass = (active: boolean) =>
    `block rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${
      active ? 'bg-accent-50 text-accent-700 ring-1 ring-inset ring-accent-200 dark:bg-accent-950/60 dark:text-accent-300 dark:ring-accent-900' : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800/70'
    }`
  const panel = open && (
    <nav id={panelId} aria-label="Main" data-testid="nav-menu" className="border-t border-zinc-200/80 px-4 pb-4 pt-3 md:hidden dark:border-zinc-800/80">
      <div className="grid grid-cols-2 gap-1.5">
        {mainEntries.map((entry) => (
          <NavItemLink key={entry.testId} entry={entry} className={itemClass} onNavigate={close} />
        ))}
        <NavItemLink entry={settingsEntry} className={itemClass} onNavigate={close} />
      </div>
      <p className="mt-4 px-3 text-xs font-medium text-zinc-500 dark:text-zinc-400">Layer 2</p>
      <div className="mt-1.5 grid gap-1.5">
        {layer2Entries.map((entry) => (
          <NavItemLink key={entry.testId} entry={entry} className={itemClass} onNavigate={close} />
        ))}
      </div>
    </nav>
  )
  return { toggle, panel }
}
