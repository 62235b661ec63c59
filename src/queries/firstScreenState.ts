import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { firstScreenStateElementId } from '../../contract/pageConfig.ts'

/**
 * The data the app server read for the page it rendered first (src/serverRender.tsx), taken out of the page:
 * a function that puts it into the app's cache, or undefined when the page came without (a page the server
 * does not render, a host that serves only the static build). Unreadable data is no data: the app asks.
 */
export function takeFirstScreenState(doc: Document = document): ((queryClient: QueryClient) => void) | undefined {
  const element = doc.getElementById(firstScreenStateElementId)
  if (!element) return undefined
  element.remove()
  let state: DehydratedState
  try {
    state = JSON.parse(element.textContent ?? '') as DehydratedState
  } catch {
    return undefined
  }
  return (queryClient) => hydrate(queryClient, state)
}
