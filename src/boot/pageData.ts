import type { DehydratedState } from '@tanstack/react-query'
import { firstScreenStateElementId } from '../../contract/pageConfig.ts'
import { takeJsonBlock, type PageLike } from './pageBlocks.ts'
import { unpackFirstScreenState, type FirstScreenState } from '../queries/firstScreenState.ts'

/**
 * What the data block of a page the server rendered holds (contract/pageConfig.ts firstScreenStateElementId):
 * TanStack Query's dehydrated cache as the render read it, and the server's clock at the render (what "12 s
 * ago" counts from until the page is hydrated: ui/useNow.ts).
 */
export type FirstScreenData = { state: DehydratedState; renderedAt: number }

/** The block as the page carries it: the state packed (src/queries/firstScreenState.ts). */
export type PackedFirstScreen = { state: FirstScreenState; renderedAt: number }

/**
 * What the app server read for the page whose first screen it rendered (server/firstScreen.ts), or undefined
 * when the page came without (a page the server does not render, a render that broke off, a host that serves
 * only the static build): then the app renders the page itself.
 */
export function takeFirstScreen(doc: PageLike = document): FirstScreenData | undefined {
  const data = takeJsonBlock(firstScreenStateElementId, doc) as Partial<PackedFirstScreen> | undefined
  if (!data || typeof data.renderedAt !== 'number' || !Array.isArray(data.state?.queries)) return undefined
  try {
    return { state: unpackFirstScreenState(data.state), renderedAt: data.renderedAt }
  } catch {
    // A reference that points nowhere: no data, the app renders the page itself.
    return undefined
  }
}
