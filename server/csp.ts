import { createHash } from 'node:crypto'
import { originOf } from '../contract/origins.ts'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import { svgFrameCss } from '../contract/svgFrame.ts'

/**
 * The Content-Security-Policy the built app is served with (server/appServer.ts sends it as a header on
 * every response). The app is a static bundle: no inline script (the runtime config in the page is a JSON data block,
 * which is never run), no eval, styles from its own stylesheet (React sets style props through the CSSOM, which CSP does
 * not govern, so no 'unsafe-inline' either; a page whose first screen the server rendered carries the app's
 * stylesheet and that screen's style values inline, allowed by that response's nonce: nonceSource).
 *
 * connect-src is the part that needs thought. The app reaches the configured networks through its own origin
 * (server/networkProxy.ts: the browser's config names paths there), so 'self' covers them; connectSources lists
 * a network's origins only where the config given to it names URLs. Users may add their own networks
 * in /settings, and a policy built in the page (a <meta> CSP) cannot help there: a page can add policies
 * but never widen the one its server sent, and a policy the page could widen would stop nothing an injected
 * script wanted to do. So the honest design is: the deployment decides where its pages may connect. A user
 * network on an origin the deployment did not allow fails its connection test, and the settings page says
 * it was this deployment's policy that blocked it (src/networks/cspBlocks.ts) and what to ask the operator
 * for; the operator can widen connect-src with CHAINGLASS_CSP_CONNECT_SRC (specific origins, or `https:
 * wss:` to allow any network, at the price of letting an injected script send data anywhere).
 *
 * Left unset, the deployment is the one `npm start` makes on a developer's machine, and the nodes its user
 * runs beside it (anvil, Hardhat, geth on any port) must work at once: the loopback origins are allowed
 * (loopbackConnectSources). A deployment serving others sets the variable, and its list is the whole of it.
 */

/** A srcdoc frame inherits this policy, so the SVG preview's one stylesheet is allowed by its hash. */
const svgFrameStyleHash = `'sha256-${createHash('sha256').update(svgFrameCss).digest('base64')}'`


/**
 * Every port on this machine's loopback names, over HTTP and WebSocket. Not [::1]: CSP's host grammar has no
 * IPv6 literal (Chromium ignores such a source), so the settings form writes a [::1] node as localhost, which
 * the browser resolves to both loopback addresses.
 */
export const loopbackConnectSources: readonly string[] = ['http://127.0.0.1:*', 'ws://127.0.0.1:*', 'http://localhost:*', 'ws://localhost:*']

/**
 * Checks operator-given connect-src sources: CSP tokens only, so the setting cannot add directives. Unset (not
 * merely empty): the loopback origins, for the local deployment.
 */
export function parseConnectSources(raw: string | undefined): string[] {
  if (raw === undefined) return [...loopbackConnectSources]
  const sources = raw.split(/\s+/).filter((token) => token !== '')
  for (const source of sources) {
    if (/[;,'"]/.test(source)) throw new Error(`CHAINGLASS_CSP_CONNECT_SRC: "${source}" is not a CSP source (expected origins like https://rpc.example, or schemes like https: wss:)`)
  }
  return sources
}

export function connectSources(runtime: RuntimeConfig, extra: readonly string[] = []): string[] {
  // blob: reads back bytes this page already holds (a file preview's blob URL); it reaches no network.
  const sources = new Set<string>(["'self'", 'blob:'])
  for (const network of runtime.networks) {
    for (const url of [network.rpcBase, network.wsBase, network.ipfsUrl]) {
      const origin = url ? originOf(url) : null
      if (origin) sources.add(origin)
    }
  }
  for (const source of extra) sources.add(source)
  return [...sources]
}

/** The nonce-source for a response's inline style sheet whose text is not known when the policy is sent (a streamed page: firstScreen.ts). */
export function nonceSource(nonce: string): string {
  return `'nonce-${nonce}'`
}

export function contentSecurityPolicy(runtime: RuntimeConfig, extraConnect: readonly string[] = [], extraStyles: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    [`style-src 'self' ${svgFrameStyleHash}`, ...extraStyles].join(' '),
    // blob: for file previews (images, and PDFs in a frame) the app makes from bytes it typed itself; data:
    // for images inside a previewed SVG (its sandboxed frame inherits this policy).
    "img-src 'self' blob: data:",
    "frame-src blob:",
    `connect-src ${connectSources(runtime, extraConnect).join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    // Every form is handled in the page; none posts anywhere.
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}
