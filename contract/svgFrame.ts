/**
 * The sandboxed frame an SVG preview is rendered in (pages/files/ContentPreview.tsx). A srcdoc frame inherits
 * the app's Content-Security-Policy, so the app's style-src allows this one stylesheet by its hash
 * (server/csp.ts hashes this same string): change it here and the policy follows.
 */
export const svgFrameCss = 'html,body{margin:0;height:100%;display:flex;align-items:center;justify-content:center}svg{max-width:100%;max-height:100%}'

/** The frame's own policy, on top of the inherited one: no scripts, no requests; only inline images and styles. */
const svgFramePolicy = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`

/** What goes before the SVG's source in the frame's srcdoc. */
export const svgFrameHead = `${svgFramePolicy}<style>${svgFrameCss}</style>`
