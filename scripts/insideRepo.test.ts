import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { outsidePathsIn, outsidePathsInRepository } from './insideRepo.ts'

const root = path.resolve(import.meta.dirname, '..')

// The folder's name and the climb are put together here so that this file does not itself name a path outside.
const shared = ['sh', 'ared'].join('')
const up = ['..', ''].join('/')

describe('nothing in the repository reaches outside it', () => {
  it('no source, test, script or config path leads outside the repository root', () => {
    expect(outsidePathsInRepository(root)).toEqual([])
  })

  // Each line is one way this repository once read the fixtures beside it, from the file it stood in.
  it.each([
    ['server/samples/recordings.ts', `export const fixturesDir = path.resolve(repoRoot, '..', '${shared}', 'fixtures')`],
    ['contract/revert.test.ts', `const fixtures = new URL('${up}${up}${shared}/fixtures/', import.meta.url)`],
    ['e2e/blocks.spec.ts', `const fixturesDir = path.resolve(import.meta.dirname, '..', '..', '${shared}', 'fixtures')`],
    ['src/pages/block/fields.test.ts', `const fixtures = path.resolve(import.meta.dirname, '${up}${up}${up}${up}${shared}/fixtures')`],
    ['src/rpc/l2Schemas.test.ts', `const fixtures = path.resolve(import.meta.dirname, '..', '..', '..', '${shared}', 'fixtures')`],
    ['e2e/search.spec.ts', `JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', '..', '${shared}', 'fixtures', 'block.json'), 'utf8'))`],
  ])('catches %s reading the fixtures beside the repository', (file, line) => {
    expect(outsidePathsIn(file, `import path from 'node:path'\n${line}\n`)).toEqual([expect.objectContaining({ file, line: 2 })])
  })

  it.each([
    ['server/config.ts', `const dataDir = path.join(repoRoot, '..', 'elsewhere')`],
    ['scripts/x.ts', `const spec = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'spec.txt'), 'utf8')`],
    ['src/deep/x.ts', `import { thing } from '${up}${up}${up}outside.ts'`],
    ['package.json', `    "start": "node ${up}other/start.mjs",`],
    ['.ci/run', `cd ${up}${shared} && npm test`],
    ['e2e/x.spec.ts', `const seed = fs.readFileSync('/work/${shared}/seed/spec.txt', 'utf8')`],
  ])('catches any other climb out: %s', (file, line) => {
    expect(outsidePathsIn(file, line)).toHaveLength(1)
  })

  it.each([
    ['src/pages/block/x.ts', `import { fields } from '${up}${up}${up}rpc/schemas.ts'`],
    ['e2e/x.spec.ts', `import { readFixture } from '${up}server/testing/fixtures.ts'`],
    ['scripts/x.ts', `const dist = path.resolve(import.meta.dirname, '..', 'dist')`],
    ['eslint.config.js', 'group: [`${up}${up}${up}$' + '{name}/**`]'],
  ])('leaves paths inside the repository alone: %s', (file, line) => {
    expect(outsidePathsIn(file, line)).toEqual([])
  })

  it('finds a new file that reads outside, tracked or not', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-inside-'))
    try {
      execFileSync('git', ['init', '-q'], { cwd: copy })
      fs.mkdirSync(path.join(copy, 'src'))
      fs.writeFileSync(path.join(copy, 'src', 'fine.ts'), `import { x } from './x.ts'\n`)
      fs.writeFileSync(path.join(copy, 'src', 'reads.ts'), `const text = fs.readFileSync(path.join(import.meta.dirname, '..', '..', '${shared}', 'a.json'))\n`)
      expect(outsidePathsInRepository(copy).map((found) => found.file)).toEqual(['src/reads.ts'])
    } finally {
      fs.rmSync(copy, { recursive: true, force: true })
    }
  })
})
