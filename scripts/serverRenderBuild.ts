import path from 'node:path'
import { build, type Plugin } from 'vite'
import { serverRenderDir } from '../server/firstScreen.ts'

/**
 * After the app's build, the server render's (src/serverRender.tsx, for server/firstScreen.ts): the same
 * sources built for Node, so one `vite build` (npm run build, npm start's rebuild) makes both and they can
 * never be of different sources. Bundled whole (react-dom's production server build included), so the
 * app server loads one self-contained file.
 */
export function serverRenderPlugin(root: string): Plugin {
  return {
    name: 'chainglass-server-render',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    async closeBundle() {
      const started = performance.now()
      await build({
        root,
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: 'warn',
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true, target: 'node' },
        // Named after its entry: dist-server/serverRender.js (serverRenderFile).
        build: { ssr: path.join(root, 'src', 'serverRender.tsx'), outDir: path.join(root, serverRenderDir), emptyOutDir: true, copyPublicDir: false, sourcemap: false, minify: false },
      })
      this.info?.(`server render built in ${Math.round(performance.now() - started)} ms`)
    },
  }
}
