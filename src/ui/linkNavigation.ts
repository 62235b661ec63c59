import { createContext, useContext, type MouseEvent } from 'react'

/**
 * How the app's links navigate: through the app's history (App.tsx provides it beside the router). React
 * Router's <Link> resolves its path against the route matches and takes the router's navigate on every render,
 * a large part of rendering a page of many links (a block's); the app's links are absolute paths from urls.ts,
 * so there is nothing to resolve: the href is the path, and a click hands it to the history.
 */
export type LinkNavigation = {
  navigate: (to: string, options: { replace: boolean }) => void
  /** The current location as a path with its query, to tell a link to the page already shown. */
  current: () => string
  /**
   * Starts loading what the page at `href` asks for first (its module and the data its route declares,
   * routes.tsx prefetchPath), so the click finds it in flight or done.
   */
  prefetch: (href: string) => void
}

export const LinkNavigationContext = createContext<LinkNavigation | null>(null)

/** A click the browser would follow in the same tab: the primary button, no modifier, no other target. */
function followsInPlace(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target')
  return !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
}

/**
 * The click handler of an in-app link to `href`: the history navigates instead of the browser (a new tab, a
 * modified click and anything outside the app, as in a unit test's render, are left to the browser). As
 * React Router's Link, a link to the page already shown replaces the history entry instead of adding one.
 */
export function useLinkClick(href: string, after?: () => void): (event: MouseEvent<HTMLAnchorElement>) => void {
  const navigation = useContext(LinkNavigationContext)
  return (event) => {
    if (navigation && followsInPlace(event)) {
      event.preventDefault()
      navigation.navigate(href, { replace: navigation.current() === href })
    }
    after?.()
  }
}

/**
 * The hover and focus handler of an in-app link to `href`: the page behind it starts loading. None outside
 * the app (a unit test's render): there is no cache to read into.
 */
export function useLinkPrefetch(href: string): (() => void) | undefined {
  const navigation = useContext(LinkNavigationContext)
  return navigation ? () => navigation.prefetch(href) : undefined
}
