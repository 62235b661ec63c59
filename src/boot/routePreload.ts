/**
 * The chunks of the page a full load opens, from the table the build wrote into index.html
 * (scripts/routePreload.ts): the boot script adds them as modulepreload links, so they load and compile
 * beside the app's entry instead of after it. Written without the router (the boot script carries no
 * library code); it matches the few shapes of paths the route table has.
 */

/** Route path → the page's chunks ('/assets/…'), in routePages order. */
export type PreloadTable = ReadonlyArray<readonly [path: string, files: readonly string[]]>

export const preloadMarker = '<!--chainglass:preload-->'
export const preloadElementId = 'chainglass-preload'

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '')
}

/** Whether a route path without '*' matches the pathname, as React Router does (static parts case-insensitively). */
export function routeMatches(route: string, pathname: string): boolean {
  const want = segments(route)
  const have = segments(pathname)
  if (want.length !== have.length) return false
  return want.every((part, index) => part.startsWith(':') ? have[index] !== undefined : part.toLowerCase() === have[index]!.toLowerCase())
}

/** The chunks to preload for `pathname`: its route's, or the catch-all's when no route matches. */
export function chunksForPath(table: PreloadTable, pathname: string): readonly string[] {
  const found = table.find(([route]) => route !== '*' && routeMatches(route, pathname)) ?? table.find(([route]) => route === '*')
  return found?.[1] ?? []
}
