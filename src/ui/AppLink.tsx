import type { ReactNode } from 'react'
import { useLinkNetwork } from './networks/NetworkContext.tsx'
import { withNetwork } from '../urls.ts'
import { useLinkClick } from './linkNavigation.ts'

export const linkClass = 'text-accent-600 transition-colors hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300'

/** A link inside a sentence: underlined, since colour alone does not tell it from the words around it (WCAG 1.4.1). */
export const inlineLinkClass = `${linkClass} underline decoration-accent-600/40 underline-offset-2 hover:decoration-current dark:decoration-accent-400/40`

type AppLinkProps = {
  /** A path from urls.ts. */
  to: string
  children: ReactNode
  /** Called when the pointer rests on the link or it gets focus, to start loading what it leads to. */
  onPrefetch?: () => void
  className?: string
  title?: string
  testId?: string
  /** When the visible content does not name the link well (an icon, a logo). */
  ariaLabel?: string
}

/**
 * Every in-app link of the shared components goes through here: one place to keep app-wide link state
 * and the hover prefetch. A plain anchor whose click the app's history takes (linkNavigation.ts). A link
 * keeps the network being shown (`?network=<name>`, none for the default), so a link copied or opened in a
 * new tab shows the same thing on the same network.
 */
export function AppLink({ to, children, onPrefetch, className = linkClass, title, testId, ariaLabel }: AppLinkProps) {
  const href = withNetwork(to, useLinkNetwork())
  return (
    <a href={href} onClick={useLinkClick(href)} className={className} title={title} aria-label={ariaLabel} data-testid={testId} onMouseEnter={onPrefetch} onFocus={onPrefetch}>
      {children}
    </a>
  )
}
