import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSampleRecordings, readDataFile, recordingsDir } from './recordings.ts'

describe('the recordings the sample networks replay', () => {
  it('all live in the repository, each named in its SOURCES.md', () => {
    const sources = fs.readFileSync(path.join(recordingsDir, 'SOURCES.md'), 'utf8')
    const files = fs.readdirSync(recordingsDir).filter((name) => name.endsWith('.json'))
    expect(files.length).toBeGreaterThan(0)
    for (const name of files) expect(sources).toContain(`| ${name} |`)
    const { mainnet, l2a, l2b } = loadSampleRecordings()
    for (const recording of [...mainnet, ...l2a, ...l2b]) expect(files).toContain(recording.source)
  })

  it('a missing file is named, with the path it was looked for at', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-recordings-'))
    try {
      const expected = path.join(folder, 'gone.json')
      expect(() => readDataFile(folder, 'gone.json', 'the sample recording')).toThrow(`the sample recording gone.json could not be read: looked for it at ${expected} (no such file)`)
    } finally {
      fs.rmSync(folder, { recursive: true, force: true })
    }
  })

  it('a file that cannot be read for another reason says why', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-recordings-'))
    try {
      fs.mkdirSync(path.join(folder, 'a-folder.json'))
      expect(() => readDataFile(folder, 'a-folder.json', 'the sample recording')).toThrow(/a-folder\.json could not be read: looked for it at .*a-folder\.json \(EISDIR\)/)
    } finally {
      fs.rmSync(folder, { recursive: true, force: true })
    }
  })
})
