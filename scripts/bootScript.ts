import { createHash } from 'node:crypto'
import path from 'node:path'
import { rolldown } from 'rolldown'
import type { Plugin } from 'vite'

/**
 * The boot script (src/boot/boot.ts) is a classic script, not a module: it must run before the first paint
 * and before the app's code has arrived, and the Content-Security-Policy allows no inline script. So it is
 * bundled apart, as one IIFE with no imports, and written as a hashed asset (cached for good, like the app's
 * code: a returning visitor's load asks nothing for it); index.html's `<!--chainglass:boot-->` marker becomes
 * its script tag. The dev server builds it per request at /boot.js.
 */

const marker = '<!--chainglass:boot-->'

/** The script, and the files it was built from (a change to any of them rebuilds it in watch mode). */
export async function buildBootScript(root: string, minify: boolean): Promise<{ code: string; sources: string[] }> {
  const bundle = await rolldown({ input: path.join(root, 'src', 'boot', 'boot.ts'), platform: 'browser', logLevel: 'warn' })
  try {
    const { output } = await bundle.generate({ format: 'iife', minify })
    return { code: output[0].code, sources: output[0].moduleIds.filter((id) => path.isAbsolute(id)) }
  } finally {
    await bundle.close()
  }
}

export function bootScriptPlugin(root: string): Plugin {
  let built: { fileName: string; code: string } | null = null
  let serving = false
  return {
    name: 'chainglass-boot-script',
    configResolved(config) {
      serving = config.command === 'serve'
    },
    async buildStart() {
      if (serving) return
      const { code, sources } = await buildBootScript(root, true)
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x')
      built = { fileName: `assets/boot-${hash}.js`, code }
      for (const file of sources) this.addWatchFile(file)
    },
    generateBundle() {
      if (built) this.emitFile({ type: 'asset', fileName: built.fileName, source: built.code })
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(marker)) throw new Error(`index.html has no ${marker} marker for the boot script`)
        const src = built ? `/${built.fileName}` : '/boot.js'
        return html.replace(marker, `<script src="${src}"></script>`)
      },
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if ((request.url ?? '').split('?')[0] !== '/boot.js') return next()
        buildBootScript(root, false).then(
          ({ code }) => {
            response.setHeader('content-type', 'text/javascript')
            response.setHeader('cache-control', 'no-cache')
            response.end(code)
          },
          (error: unknown) => next(error),
        )
      })
    },
  }
}
