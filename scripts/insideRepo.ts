// Finds the paths a file's code or configuration names that lead outside the repository, such as a shared
// folder beside it in the team's workspace, which a user's fresh clone does not have. A scan of the text, not of what runs:
// it resolves relative path literals, `path.resolve`/`path.join` segment lists and `new URL(…, import.meta.url)`
// against the file's own folder and flags any that climb above the root.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export type OutsidePath = { file: string; line: number; text: string; reason: string }

/** The files whose text can name a path the project opens: code, configuration and scripts. */
const scannedFile = /(\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|json|html|sh|ya?ml|css)$)|(^|\/)(\.ci\/run|Makefile|Dockerfile)$/
// Data files name no paths; the scanner's own test holds, as its examples, the very paths it must catch.
const skippedFile = /(^|\/)(package-lock\.json|tsconfig\.tsbuildinfo)$|^(server\/samples\/recordings|testdata)\/|^scripts\/insideRepo\.test\.ts$/

/** A folder each file's relative paths start from: its own, except for package.json's scripts (the root). */
function baseOf(file: string): string {
  return path.basename(file) === 'package.json' || file === '.ci/run' ? '' : path.dirname(file)
}

/** True when `target`, relative to the repository root, is above it. */
function climbsOut(target: string): boolean {
  const normal = path.posix.normalize(target.split(path.sep).join('/'))
  return normal === '..' || normal.startsWith('../') || path.posix.isAbsolute(normal)
}

const quoted = /(['"`])((?:\.\/)?(?:\.\.\/)+[^'"`\s]*)\1/g
const bareClimb = /(?:^|[\s=:(])((?:\.\/)?(?:\.\.\/)+[\w.@-][^\s'"`;)]*)/g
const segmentCall = /(?:path\.)?(?:resolve|join)\(([^()]*(?:\([^()]*(?:\([^()]*\))?[^()]*\)[^()]*)*)\)/g
const sharedNext = /\.\.['"`]?\s*[,/\\]\s*['"`]?shared\b/
const absoluteShared = /['"`]\/work\/shared\b/

/** The literal segments of a segment list after its first argument, and whether that argument is the file's folder or the root. */
function segmentsOf(args: string): { from: 'file' | 'root' | 'unknown'; segments: string[] } | null {
  const parts = args.split(',').map((part) => part.trim()).filter(Boolean)
  if (parts.length < 2) return null
  const first = parts[0]!
  const from = /import\.meta\.dirname|__dirname|dirname\(/.test(first) ? 'file' : /repoRoot|rootDir|projectRoot/.test(first) ? 'root' : 'unknown'
  const segments: string[] = []
  for (const part of parts.slice(1)) {
    const literal = /^(['"`])([^'"`$]*)\1$/.exec(part)
    if (!literal) break
    segments.push(literal[2]!)
  }
  return { from, segments }
}

/** Every path in one file's text that reaches outside the repository root. */
export function outsidePathsIn(file: string, text: string): OutsidePath[] {
  const found: OutsidePath[] = []
  const base = baseOf(file)
  const lines = text.split('\n')
  lines.forEach((lineText, index) => {
    const flag = (reason: string) => found.push({ file, line: index + 1, text: lineText.trim().slice(0, 200), reason })
    if (sharedNext.test(lineText) || absoluteShared.test(lineText)) return flag('names the shared folder beside the repository')
    for (const match of lineText.matchAll(quoted)) {
      if (match[2]!.includes('*')) continue // a glob (an import rule's pattern), not a path that is opened
      if (climbsOut(path.posix.join(base, match[2]!))) return flag(`${match[2]} leads outside the repository`)
    }
    if (/\.(sh|ya?ml)$|^\.ci\/run$|package\.json$/.test(file)) {
      for (const match of lineText.matchAll(bareClimb)) {
        if (climbsOut(path.posix.join(base, match[1]!))) return flag(`${match[1]} leads outside the repository`)
      }
    }
    for (const match of lineText.matchAll(segmentCall)) {
      const list = segmentsOf(match[1]!)
      if (!list || list.from === 'unknown') continue
      const target = path.posix.join(list.from === 'file' ? base : '', ...list.segments)
      if (climbsOut(target)) return flag(`${list.segments.join('/')} from the ${list.from === 'file' ? "file's folder" : 'root'} leads outside the repository`)
    }
  })
  return found
}

/** The repository's files as git sees them (tracked, and new ones it does not ignore); a walk where there is no git. */
export function repositoryFiles(root: string): string[] {
  try {
    const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    return listed.split('\0').filter((name) => name && fs.existsSync(path.join(root, name)))
  } catch {
    const names: string[] = []
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
        if (['node_modules', '.git', 'dist', 'dist-server', '.chainglass', 'test-results'].includes(entry.name)) continue
        const name = folder ? `${folder}/${entry.name}` : entry.name
        if (entry.isDirectory()) walk(name)
        else names.push(name)
      }
    }
    walk('')
    return names
  }
}

/** Every outside path in the repository's code and configuration. */
export function outsidePathsInRepository(root: string): OutsidePath[] {
  return repositoryFiles(root)
    .filter((name) => scannedFile.test(name) && !skippedFile.test(name))
    .flatMap((name) => outsidePathsIn(name, fs.readFileSync(path.join(root, name), 'utf8')))
}
