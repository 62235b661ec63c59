import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { chromiumArgs, findPlaywrightChromium } from './browser.mjs'

const saved = process.env.PLAYWRIGHT_BROWSERS_PATH

function fakeBrowser(root: string, relative: string): string {
  const file = path.join(root, relative)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, '#!/bin/sh\n', { mode: 0o755 })
  return file
}

describe('findPlaywrightChromium', () => {
  afterEach(() => {
    if (saved === undefined) delete process.env.PLAYWRIGHT_BROWSERS_PATH
    else process.env.PLAYWRIGHT_BROWSERS_PATH = saved
  })

  it('prefers the newest full Chromium over older ones and the headless shell', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-browsers-'))
    fakeBrowser(root, 'chromium-1100/chrome-linux/chrome')
    fakeBrowser(root, 'chromium_headless_shell-1200/chrome-linux/headless_shell')
    const newest = fakeBrowser(root, 'chromium-1200/chrome-linux64/chrome')
    process.env.PLAYWRIGHT_BROWSERS_PATH = root
    expect(findPlaywrightChromium()).toBe(newest)
  })

  it('falls back to the headless shell, and skips files that cannot run', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-browsers-'))
    const broken = path.join(root, 'chromium-1300/chrome-linux/chrome')
    fs.mkdirSync(path.dirname(broken), { recursive: true })
    fs.writeFileSync(broken, '', { mode: 0o644 })
    const shell = fakeBrowser(root, 'chromium_headless_shell-1300/chrome-linux/headless_shell')
    process.env.PLAYWRIGHT_BROWSERS_PATH = root
    expect(findPlaywrightChromium()).toBe(shell)
  })

  it('launches with exactly the agreed arguments', () => {
    expect(chromiumArgs).toEqual(['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'])
  })
})
