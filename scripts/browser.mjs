// Finds a Chromium for Playwright: one Playwright installed (under PLAYWRIGHT_BROWSERS_PATH or
// ~/.cache/ms-playwright) if present, else the system's /usr/bin/chromium; for the test suites, Debian's
// headless shell first when it is installed. No download ever happens here.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const systemChromium = '/usr/bin/chromium'
/**
 * Debian's package chromium-headless-shell: the same engine without the browser's own UI layer, what Playwright
 * itself runs for headless tests. The e2e suite on the full browser spent a third more CPU for the same pages.
 */
export const systemHeadlessShell = '/usr/bin/chromium-headless-shell'

/** The launch arguments every run uses: no sandbox (containers run as root), no background traffic. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

function playwrightCacheDirs() {
  const dirs = []
  const custom = process.env.PLAYWRIGHT_BROWSERS_PATH
  if (custom && custom !== '0') dirs.push(custom)
  dirs.push(path.join(os.homedir(), '.cache', 'ms-playwright'))
  return dirs
}

/** Newest revision first, so a left-over old browser is not preferred to a fresh one. */
function revision(name) {
  const match = /-(\d+)$/.exec(name)
  return match ? Number(match[1]) : 0
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

/** Executables inside one Playwright browser folder, full Chromium before the headless shell. */
function candidatesIn(dir, entry) {
  const base = path.join(dir, entry)
  if (entry.startsWith('chromium_headless_shell-')) {
    return ['chrome-linux', 'chrome-headless-shell-linux64', 'chrome-headless-shell-linux-arm64'].flatMap((sub) => [
      path.join(base, sub, 'headless_shell'),
      path.join(base, sub, 'chrome-headless-shell'),
    ])
  }
  if (entry.startsWith('chromium-')) {
    return ['chrome-linux', 'chrome-linux64', 'chrome-linux-arm64'].map((sub) => path.join(base, sub, 'chrome'))
  }
  return []
}

export function findPlaywrightChromium() {
  for (const dir of playwrightCacheDirs()) {
    let entries
    try {
      entries = fs.readdirSync(dir)
    } catch {
      continue
    }
    const ordered = entries
      .filter((entry) => entry.startsWith('chromium-') || entry.startsWith('chromium_headless_shell-'))
      .sort((a, b) => Number(b.startsWith('chromium-')) - Number(a.startsWith('chromium-')) || revision(b) - revision(a))
    for (const entry of ordered) {
      const found = candidatesIn(dir, entry).find(isExecutable)
      if (found) return found
    }
  }
  return null
}

/** The browser to launch, or null when there is none on this machine. */
export function findBrowser() {
  return findPlaywrightChromium() ?? (isExecutable(systemChromium) ? systemChromium : null)
}

/**
 * The browser the end-to-end and component suites run in: the headless shell when installed, else findBrowser's.
 * The bench keeps findBrowser's: it times pages as a user's browser shows them.
 */
export function findTestBrowser() {
  return isExecutable(systemHeadlessShell) ? systemHeadlessShell : findBrowser()
}
