import { Link, Outlet, ScrollRestoration } from 'react-router'
import { formatChainId } from '../format/hex.ts'
import { useNetwork } from '../networks/NetworkContext.tsx'
import { useHeadSubscription } from '../queries/head.ts'
import { homePath } from '../urls.ts'
import { ConnectionBanner } from './ConnectionBanner.tsx'
import { Logo } from './Logo.tsx'
import { NetworkMenu } from './NetworkMenu.tsx'
import { SearchBox } from './SearchBox.tsx'
import { ThemeSwitch } from './ThemeSwitch.tsx'

/** Header, connection banner, page, footer: the frame every route renders into. */
export function AppFrame() {
  const network = useNetwork()
  // The head stays live on every page, and the socket's state in the header means something everywhere.
  useHeadSubscription(network)

  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-20 border-b border-zinc-200/80 bg-white/85 backdrop-blur-md dark:border-zinc-800/80 dark:bg-zinc-950/80">
        {/* Phone: logo and theme on one row, network and search below. Desktop: one row. */}
        <div className="mx-auto grid max-w-7xl grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-3 px-4 py-3 [grid-template-areas:'logo_._theme'_'net_search_search'] sm:px-6 lg:grid-cols-[auto_auto_1fr_auto] lg:gap-x-4 lg:px-8 lg:[grid-template-areas:'logo_net_search_theme']">
          <Link to={homePath} aria-label="chainglass home" className="rounded-md [grid-area:logo]">
            <Logo />
          </Link>
          <div className="[grid-area:net]">
            <NetworkMenu />
          </div>
          <div className="min-w-0 [grid-area:search] lg:ml-auto lg:w-full lg:max-w-md">
            <SearchBox />
          </div>
          <div className="[grid-area:theme]">
            <ThemeSwitch />
          </div>
        </div>
        <ConnectionBanner />
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        <Outlet />
      </main>
      <footer className="border-t border-zinc-200/80 dark:border-zinc-800/80">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-5 text-xs text-zinc-500 sm:px-6 lg:px-8 dark:text-zinc-500">
          <span>chainglass · a block explorer for JSON-RPC node-access services</span>
          <span>
            {network.label} · chain {formatChainId(network.chainId)}
          </span>
        </div>
      </footer>
      <ScrollRestoration />
    </div>
  )
}

/** While the first route's code loads: the frame's outline, so the page never flashes empty. */
export function FrameFallback() {
  return (
    <div className="flex min-h-screen flex-col" aria-busy="true">
      <div className="border-b border-zinc-200/80 bg-white/85 dark:border-zinc-800/80 dark:bg-zinc-950/80">
        <div className="mx-auto flex h-[61px] max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <Logo />
        </div>
      </div>
    </div>
  )
}
