import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildStatus, repoFilesOf, stampFile, writeStamp } from './buildStamp.ts'

let root: string
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  fs.writeFileSync(path.join(root, file), text)
}

/** A checkout in miniature, built: sources, one file the build read from elsewhere, and dist/index.html. */
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-stamp-'))
  write('index.html', '<!doctype html>')
  write('src/main.tsx', 'render()')
  write('src/pages/home.tsx', 'export const home = 1')
  write('server/chain/devAccounts.ts', 'export const accounts = []')
  write('dist/index.html', '<!doctype html><script src="/assets/main.js"></script>')
  write('dist-server/serverRender.js', 'export function renderFirstScreen() {}')
  writeStamp(root, path.join(root, 'dist'), ['src/main.tsx', 'server/chain/devAccounts.ts'], new Date('2026-11-25T10:00:00Z'))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe('the build stamp', () => {
  it('finds an untouched checkout current, with the time it was built', () => {
    expect(buildStatus(root)).toEqual({ current: true, builtAt: new Date('2026-11-25T10:00:00Z') })
  })

  it('finds it stale when a source changes, appears or goes, even one the build read from outside src/', () => {
    write('src/pages/home.tsx', 'export const home = 2')
    expect(buildStatus(root)).toEqual({ current: false, reason: 'the sources changed since dist/ was built' })
  })

  it.each([
    ['a file added under src/', () => write('src/pages/new.tsx', 'x')],
    ['a file removed from src/', () => fs.rmSync(path.join(root, 'src/pages/home.tsx'))],
    ['a file the build read from server/', () => write('server/chain/devAccounts.ts', 'export const accounts = [1]')],
    ['the lock file (another package version)', () => write('package-lock.json', '{}')],
  ])('finds it stale after %s', (_what, change) => {
    change()
    expect(buildStatus(root).current).toBe(false)
  })

  it('finds it stale without the server render the same build makes beside dist/', () => {
    fs.rmSync(path.join(root, 'dist-server', 'serverRender.js'))
    expect(buildStatus(root)).toEqual({ current: false, reason: 'there is no server render in dist-server/' })
  })

  it('says why when there is no build or no stamp', () => {
    fs.rmSync(path.join(root, 'dist', stampFile))
    expect(buildStatus(root)).toEqual({ current: false, reason: 'dist/ has no build stamp' })
    fs.rmSync(path.join(root, 'dist', 'index.html'))
    expect(buildStatus(root)).toEqual({ current: false, reason: 'there is no build in dist/' })
  })

  it("takes the repo's own files from a module graph: no packages, no virtual modules, no queries", () => {
    const ids = [
      path.join(root, 'src/main.tsx'),
      path.join(root, 'src/index.css') + '?direct',
      path.join(root, 'node_modules/react/index.js'),
      '\0virtual:signature-table',
      path.join(os.tmpdir(), 'elsewhere.ts'),
    ]
    expect(repoFilesOf(root, ids)).toEqual(['src/main.tsx', 'src/index.css'])
  })
})
