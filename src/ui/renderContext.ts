import { createContext } from 'react'

/**
 * What the app server's render (src/serverRender.tsx) tells the components it renders, and the browser's
 * hydrating render repeats from the page's data block (main.tsx): both renders must make the same markup.
 * `renderedAt` is the server's clock at the render ("12 s ago" is counted from it until the page is
 * hydrated); `styleNonce` is the response's style-src nonce, on the server only (ui/valueStyle.tsx).
 */
export type RenderContext = { renderedAt: number | null; styleNonce: string | undefined }

export const RenderContext = createContext<RenderContext>({ renderedAt: null, styleNonce: undefined })
