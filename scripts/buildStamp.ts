import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { serverRenderDir, serverRenderFile } from '../server/firstScreen.ts'

/**
 * Whether dist/ was built from the sources as they are now, so `npm start` can skip a build it does not need.
 * The build writes dist/.build-stamp.json: every file it read (its module graph, from the repo, outside
 * node_modules) and one hash over their contents. Whole folders are hashed too, because a file added there
 * counts even before anything imports it (Tailwind reads class names from every source file, imported or not).
 */

/** Read by the build besides its module graph: its config, its plugins, the page, and the installed packages. */
const fixedInputs = ['index.html', 'vite.config.ts', 'scripts/signatureTable.ts', 'scripts/buildStamp.ts', 'package-lock.json', 'tsconfig.json']
const watchedFolders = ['src', 'public', 'contract']
// A dot file: the app server does not serve it (it names the sources, which visitors have no need of).
export const stampFile = '.build-stamp.json'

type Stamp = { hash: string; files: string[]; builtAt: string }

function filesUnder(root: string, folder: string): string[] {
  const directory = path.join(root, folder)
  if (!fs.existsSync(directory)) return []
  return (fs.readdirSync(directory, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
}

/** The sorted input list: what the build named, the fixed files and everything in the watched folders. */
function inputList(root: string, named: readonly string[]): string[] {
  return [...new Set([...named, ...fixedInputs, ...watchedFolders.flatMap((folder) => filesUnder(root, folder))])].sort()
}

function hashOf(root: string, files: readonly string[]): string {
  const hash = createHash('sha256')
  for (const file of files) {
    const full = path.join(root, file)
    // The name goes in too, and a missing file hashes as missing: a rename or a deletion changes the hash.
    hash.update(`${file}\0`)
    hash.update(fs.existsSync(full) ? fs.readFileSync(full) : '\0missing\0')
    hash.update('\0')
  }
  return hash.digest('hex')
}

/** The repo's own files among a build's module ids (no node_modules, no virtual modules, no queries). */
export function repoFilesOf(root: string, moduleIds: Iterable<string>): string[] {
  const files: string[] = []
  for (const id of moduleIds) {
    if (id.startsWith('\0')) continue
    const file = id.split('?')[0]!
    if (!path.isAbsolute(file)) continue
    const relative = path.relative(root, file)
    if (relative.startsWith('..') || relative.split(path.sep).includes('node_modules')) continue
    files.push(relative.split(path.sep).join('/'))
  }
  return files
}

export type BuildStatus = { current: true; builtAt: Date } | { current: false; reason: string }

/** Is `outDir` the build of the sources as they are now? */
export function buildStatus(root: string, outDir = path.join(root, 'dist')): BuildStatus {
  if (!fs.existsSync(path.join(outDir, 'index.html'))) return { current: false, reason: 'there is no build in dist/' }
  let stamp: Stamp
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(outDir, stampFile), 'utf8')) as Stamp
  } catch {
    return { current: false, reason: 'dist/ has no build stamp' }
  }
  const files = inputList(root, stamp.files)
  if (hashOf(root, files) !== stamp.hash) return { current: false, reason: 'the sources changed since dist/ was built' }
  // Built after dist/ by the same build (serverRenderBuild.ts): a build from before it, or one that stopped between the two.
  if (!fs.existsSync(path.join(path.dirname(outDir), serverRenderDir, serverRenderFile))) return { current: false, reason: `there is no server render in ${serverRenderDir}/` }
  return { current: true, builtAt: new Date(stamp.builtAt) }
}

/** Records that `outDir` was built from the sources as they are now; `named`: the files the build read. */
export function writeStamp(root: string, outDir: string, named: readonly string[], builtAt = new Date()): void {
  const stamp: Stamp = { hash: hashOf(root, inputList(root, named)), files: [...named].sort(), builtAt: builtAt.toISOString() }
  fs.writeFileSync(path.join(outDir, stampFile), JSON.stringify(stamp, null, 1) + '\n')
}

/** Writes dist/.build-stamp.json at the end of every build. */
export function buildStampPlugin(root: string): Plugin {
  let outDir = path.join(root, 'dist')
  let named: string[] = []
  return {
    name: 'chainglass-build-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    generateBundle() {
      named = repoFilesOf(root, this.getModuleIds())
    },
    writeBundle() {
      writeStamp(root, outDir, named)
    },
  }
}
