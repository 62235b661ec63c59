import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { buildStampPlugin } from './scripts/buildStamp.ts'
import { chunkGroups } from './scripts/chunkGroups.ts'
import { compressedAssetsPlugin } from './scripts/compressAssets.ts'
import { routePreloadPlugin } from './scripts/routePreload.ts'
import { serverRenderPlugin } from './scripts/serverRenderBuild.ts'
import { signatureTablePlugin } from './scripts/signatureTable.ts'

// The app is static: every deployment setting (networks, keys, ports) comes from /config.json at run time,
// so one build serves the local service and any hosted provider. The same build makes the server render
// (dist-server/, scripts/serverRenderBuild.ts) with which the app server sends a block or transaction page
// with its first screen in it; a host that serves only dist/ serves the app as it always was.
// React Fast Refresh in `npm run dev`: an edit to a component shows without a reload and keeps its state.
const jsx = () => react()

export default defineConfig(({ isSsrBuild }) => ({
  // The server render's build (scripts/serverRenderBuild.ts) needs only what turns the sources into code.
  plugins: isSsrBuild
    ? [jsx(), signatureTablePlugin(import.meta.dirname)]
    : [jsx(), tailwindcss(), routePreloadPlugin(import.meta.dirname), signatureTablePlugin(import.meta.dirname), compressedAssetsPlugin(), buildStampPlugin(import.meta.dirname), serverRenderPlugin(import.meta.dirname)],
  server: { host: '127.0.0.1', port: Number(process.env.CHAINGLASS_APP_PORT ?? 5173), strictPort: true },
  preview: { host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The first render's code is one file on purpose (scripts/chunkGroups.ts): ~520 KB raw, ~155 KB gzip.
    chunkSizeWarningLimit: 600,
    // One stylesheet, the page's (Tailwind's utilities are global anyway): a lazy page's chunk then waits for no
    // stylesheet of its own, which a page whose stylesheet the server put inline would fetch again.
    cssCodeSplit: false,
    // A shared chunk must not pull in what the entry already has (react, the router, the query cache).
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { includeDependenciesRecursively: false, groups: chunkGroups(path.join(import.meta.dirname, 'src', 'main.tsx'), path.join(import.meta.dirname, 'src', 'startApp.tsx'), path.join(import.meta.dirname, 'src', 'pages', 'block', 'BlockPage.tsx')) } } },
  },
}))
