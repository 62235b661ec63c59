import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './config.ts'

/** Prints how long before this process the command that started it began, in ms. */
const probe = `import { commandStartedAt } from ${JSON.stringify(path.join(repoRoot, 'server', 'commandStart.ts'))}
console.log(performance.timeOrigin - commandStartedAt())`

describe('commandStartedAt', () => {
  it.runIf(process.platform === 'linux')('counts from the tsx wrapper that started this node process, not from the process itself', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-start-')), 'probe.ts')
    fs.writeFileSync(file, probe)
    const env = { ...process.env }
    // Run by npm, the walk goes up to npm; here there is none, so the tsx wrapper is where it stops.
    delete env.npm_lifecycle_event
    // A shell script that waits 2 s before it starts tsx: the shell is not part of the command, so its 2 s must
    // not count (a shell whose own command line names tsx, as npm's `sh -c tsx …` does, would).
    const script = path.join(path.dirname(file), 'run.sh')
    fs.writeFileSync(script, `sleep 2\n${path.join(repoRoot, 'node_modules', '.bin', 'tsx')} ${file}\n`)
    const before = Number(execFileSync('sh', [script], { env, encoding: 'utf8' }).trim())
    // tsx starts a node of its own: that child began after its parent, so the command began earlier (> 0).
    expect(before).toBeGreaterThan(0)
    expect(before).toBeLessThan(2_000)
  })
})
