import type { ReactNode } from 'react'
import { Link } from 'react-router'

export const linkClass = 'text-accent-600 transition-colors hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300'

type AppLinkProps = {
  /** A path from urls.ts. */
  to: string
  children: ReactNode
  /** Called when the pointer rests on the link or it gets focus, to start loading what it leads to. */
  onPrefetch?: () => void
  className?: string
  title?: string
  testId?: string
}

/**
 * Every in-app link of the shared components goes through here: one place to keep app-wide link state
 * (such as `?network=`) and the hover prefetch.
 */
export function AppLink({ to, children, onPrefetch, className = linkClass, title, testId }: AppLinkProps) {
  return (
    <Link to={to} className={className} title={title} data-testid={testId} onMouseEnter={onPrefetch} onFocus={onPrefetch}>
      {children}
    </Link>
  )
}
