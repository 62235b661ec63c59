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
const gzipSize = (bytes: Buffer) => zlib.gzipSync(bytes).length

/** The files index.html loads before anything runs: its module script, modulepreloads and stylesheets. */
export function initialAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>()
  const css = new Set<string>()
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) js.add(match[1]!)
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) js.add(match[1]!)
  for (const match of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) css.add(match[1]!)
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
