import type { Alias } from 'vite'

/**
 * The app is written against React's API and runs on Preact's compat layer: the same components, hooks and
 * libraries (TanStack Query, React Router, TanStack Virtual) on a runtime of ~10 KB gzip where react-dom is
 * ~64 KB (issue 18: the initial JavaScript's budget of 100 KB gzip; react-dom alone was two thirds of it).
 * Exact names only, so `react-router` and `@tanstack/react-query` stay themselves and import `react` through
 * this too. The types stay React's (@types/react): compat is written to that API.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
]
