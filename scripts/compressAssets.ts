import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * Brotli and gzip copies of the built app's text files, made once at build time, so the app server sends
 * them as they are (its `preCompressed` option picks one by the request's Accept-Encoding and says so in
 * `Vary`) instead of raw: nothing is compressed per request, and at the strongest settings. Source
 * maps are left alone (only developer tools fetch them).
 */

const compressible = /\.(js|mjs|css|html|svg|json|txt)$/
/** Below this a compressed copy saves less than its headers cost. */
const smallestWorthIt = 1024

export type Compressed = { file: string; raw: number; br: number; gz: number }

export function compressFile(file: string): Compressed {
  const raw = fs.readFileSync(file)
  const br = zlib.brotliCompressSync(raw, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
  })
  const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION })
  fs.writeFileSync(`${file}.br`, br)
  fs.writeFileSync(`${file}.gz`, gz)
  return { file, raw: raw.length, br: br.length, gz: gz.length }
}

/** Every compressible file under `directory` (recursively) worth compressing. */
export function compressDirectory(directory: string): Compressed[] {
  return (fs.readdirSync(directory, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.statSync(file).size >= smallestWorthIt)
    .map(compressFile)
}

export function compressedAssetsPlugin(): Plugin {
  let outDir = 'dist'
  return {
    name: 'chainglass-compressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      const started = performance.now()
      const done = compressDirectory(outDir)
      const total = (key: 'raw' | 'br' | 'gz') => done.reduce((sum, item) => sum + item[key], 0)
      this.info(`compressed ${done.length} files: ${total('raw')} B raw, ${total('br')} B brotli, ${total('gz')} B gzip, in ${Math.round(performance.now() - started)} ms`)
    },
  }
}
