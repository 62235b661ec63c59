// Runs before the end-to-end suite: makes sure a Chromium is there, installing Debian's when it can.
// Exit 0: a browser is found (or was just installed). Exit 1: none, with the one command that fixes it.
import { spawnSync } from 'node:child_process'
import { findTestBrowser, systemChromium } from './browser.mjs'

function report(found) {
  console.log(`e2e browser: ${found}`)
  process.exit(0)
}

const found = findTestBrowser()
if (found) report(found)

const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

if (hasAptGet && isRoot) {
  console.log('no Chromium found: installing Debian\'s chromium (apt-get update && apt-get install -y chromium chromium-headless-shell)')
  const install = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium chromium-headless-shell'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  const installed = findTestBrowser()
  if (install.status === 0 && installed) report(installed)
  console.error(`installing chromium did not leave a browser at ${systemChromium} (apt-get exit ${install.status})`)
  process.exit(1)
}

const command = hasAptGet ? 'sudo apt-get update && sudo apt-get install -y chromium' : 'npx playwright install chromium'
console.error(`no Chromium for the end-to-end tests. Install one with:\n\n  ${command}\n`)
process.exit(1)
