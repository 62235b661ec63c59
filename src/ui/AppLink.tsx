import type { ReactNode } from 'react'
import { useLinkNetwork } from './networks/NetworkContext.tsx'
import { withNetwork } from '../urls.ts'
import { useLinkClick, useLinkPrefetch } from './linkNavigation.ts'

export const linkClass = 'text-accent-600 transition-colors hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300'

/** A link inside a sentence: underlined, since colour alone does not tell it from the words around it (WCAG 1.4.1). */
export const inlineLinkClass = `${linkClass} underline decoration-accent-600/40 underline-offset-2 hover:decoration-current dark:decoration-accent-400/40`

type AppLinkProps = {
  /** A path from urls.ts. */
  to: string
  children: ReactNode
  className?: string
  title?: string
  testId?: string
  /** When the visible content does not name the link well (an icon, a logo). */
  ariaLabel?: string
}

/**
 * Every in-app link of the shared components goes through here: one place to keep app-wide link state
 * and the read-ahead. A plain anchor whose click the app's history takes (linkNavigation.ts); when the
 * pointer rests on it or it gets focus, the page it leads to starts loading, by that page's own route
 * declaration (routes.tsx prefetchPath), so no link names what its page reads. A link
 * keeps the network being shown (`?network=<name>`, none for the default), so a link copied or opened in a
 * new tab shows the same thing on the same network.
 */
export function AppLink({ to, children, className = linkClass, title, testId, ariaLabel }: AppLinkProps) {
  const href = withNetwork(to, useLinkNetwork())
  const prefetch = useLinkPrefetch(href)
  return (
    <a href={href} onClick={useLinkClick(href)} className={className} title={title} aria-label={ariaLabel} data-testid={testId} onMouseEnter={prefetch} onFocus={prefetch}>
      {children}
    </a>
  )
}
