import '@fontsource/inter/latin-400.css'
import '@fontsource/inter/latin-500.css'
import '@fontsource/inter/latin-600.css'
import '@fontsource/inter/latin-700.css'
import '@fontsource/jetbrains-mono/latin-400.css'
import '@fontsource/jetbrains-mono/latin-500.css'
import '../index.css'
import { afterEach, beforeAll, beforeEach } from 'vitest'
import { userEvent } from 'vitest/browser'
import { finishApp } from './renderApp.tsx'

/**
 * The component layer's setup (vitest.components.config.ts). The app's CSS uses the system's fonts, which
 * differ between machines; here both families are fonts from npm packages, so a screenshot taken on one
 * machine matches another's. Motion is off: a screenshot never catches a transition halfway.
 */
const stable = document.createElement('style')
stable.textContent = `
  :root { --font-sans: "Inter", sans-serif; --font-mono: "JetBrains Mono", monospace; }
  *, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
`
document.head.append(stable)

beforeAll(async () => {
  // Each weight is fetched when text first uses it: load them all now, before any screenshot.
  await Promise.all(['400', '500', '600', '700'].flatMap((weight) => [document.fonts.load(`${weight} 16px Inter`), document.fonts.load(`${weight} 16px "JetBrains Mono"`)]))
  await document.fonts.ready
})

/**
 * Where the pointer rests between tests: a pixel on top of everything in the corner. Left where the last test
 * clicked, it could land on a link of the next page and hover it, and a hovered link prefetches its page: calls
 * the test never made, in some runs only.
 */
const pointerRest = document.createElement('div')
pointerRest.setAttribute('aria-hidden', 'true')
pointerRest.style.cssText = 'position:fixed;right:0;bottom:0;width:1px;height:1px;z-index:2147483647'
document.body.append(pointerRest)

beforeEach(async () => {
  await userEvent.hover(pointerRest)
})

afterEach(() => {
  finishApp()
})
