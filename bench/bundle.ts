import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

export type BundleResult = {
  initialJsGzip: number
  initialCssGzip: number
  initialFiles: string[]
  largestRouteChunk: { file: string; gzip: number }
}

/** gzip bytes as a web server sends them (level 6, the zlib default). */
export const gzipSize = (bytes: Buffer) => zlib.gzipSync(bytes).length

/** A `name="value"` (or 'value', or bare value) attribute of a tag's text; undefined when absent. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i').exec(tag)
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : undefined
}

/** Script types the browser runs: none given, a JavaScript MIME type, or module (a JSON data block is not run). */
const runsAsScript = (type: string | undefined) => type === undefined || type === '' || type.toLowerCase() === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/i.test(type)

/**
 * The files index.html loads before anything runs: its scripts with a src (the module entry, and classic ones
 * such as a theme script in the head), modulepreloads, script prefetches (the app's start, compiled once the
 * content is painted: src/boot/compileAfterPaint.ts) and stylesheets.
 */
export function initialAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>()
  const css = new Set<string>()
  // A tag in a comment loads nothing.
  const markup = html.replace(/<!--[\s\S]*?-->/g, '')
  for (const [tag] of markup.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src')
    // nomodule: only browsers without modules load it.
    if (src && runsAsScript(attribute(tag, 'type')) && attribute(tag, 'nomodule') === undefined) js.add(src)
  }
  for (const [tag] of markup.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/)
    const href = attribute(tag, 'href')
    if (href && (rel.includes('modulepreload') || (rel.includes('prefetch') && attribute(tag, 'as') === 'script'))) js.add(href)
    if (href && rel.includes('stylesheet')) css.add(href)
  }
  return { js: [...js], css: [...css] }
}

export function measureBundle(distDir: string): BundleResult {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const initial = initialAssets(html)
  const size = (href: string) => gzipSize(fs.readFileSync(path.join(distDir, href.replace(/^\//, ''))))
  const initialNames = new Set([...initial.js, ...initial.css].map((href) => path.basename(href)))
  const chunks = fs
    .readdirSync(path.join(distDir, 'assets'))
    .filter((file) => file.endsWith('.js') && !initialNames.has(file))
    .map((file) => ({ file, gzip: gzipSize(fs.readFileSync(path.join(distDir, 'assets', file))) }))
    .sort((a, b) => b.gzip - a.gzip)
  return {
    initialJsGzip: initial.js.reduce((sum, href) => sum + size(href), 0),
    initialCssGzip: initial.css.reduce((sum, href) => sum + size(href), 0),
    initialFiles: [...initialNames],
    largestRouteChunk: chunks[0] ?? { file: '', gzip: 0 },
  }
}
