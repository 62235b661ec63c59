import { describe, expect, it } from 'vitest'
import { benchTables, replaceSection, sectionEnd, sectionStart } from './benchTables.ts'

const ms = (median: number) => ({ n: 7, median, min: median, max: median, p95: median })

/** A run with two cold-load cases (one mode missing in each), the live item and the bundle. */
const results = {
  machine: { cpus: 2, cpuModel: 'Test CPU', node: 'v24.1.0', chromium: '150.0.1', loadAverageAtStart: [0.5, 1, 1], date: '2026-12-07T12:27:37.795Z' },
  scenario: { plan: 'full' },
  coldLoads: {
    cases: {
      block5: {
        label: 'Block page (5 txs)',
        path: '/block/7',
        loopback: { app: { ms: ms(141.9), interactiveMs: ms(272.7), js: { files: 6, gzip: 199_373, wire: 176_845 } }, floor: { ms: ms(76.1) } },
        returning: { app: { ms: ms(80.4) }, floor: { ms: ms(49.7) } },
      },
      home: {
        label: 'Home page',
        path: '/',
        loopback: { app: { ms: ms(240), interactiveMs: ms(500) }, floor: { ms: ms(75) } },
        emulated: { app: { ms: ms(180) }, floor: { ms: ms(200) } },
      },
    },
  },
  live: { blocks: 50, latency: { ...ms(6), p50: 6, p95: 9, min: 4, max: 11 } },
  bundle: { initialJsGzip: 150 * 1024, initialCssGzip: 10 * 1024, largestRouteChunk: { file: 'shared.js', gzip: 2048 } },
}

describe('benchTables', () => {
  const lines = benchTables(results).split('\n')

  it('says where the run was made', () => {
    expect(lines[0]).toBe('2026-12-07 12:27 UTC, 2 cores (Test CPU), Node 24.1.0, Chromium 150.0.1, full plan, load average 0.5 at the start.')
  })

  it('has one row a page: app vs floor, the gap, and whether the budget was met', () => {
    expect(lines).toContain('| Page | Full load, loopback | Full load, emulated | Returning visitor | Interactive, loopback |')
    expect(lines).toContain('| Block page (5 txs) | 141.9 vs 76.1 ms (+65.8, met) | — | 80.4 vs 49.7 ms (+30.7, met) | 272.7 vs 76.1 ms (+196.6, met) |')
    expect(lines).toContain('- Block page (5 txs): JS before its content 194.7 KB gzip in 6 files (≤ 200 KB in ≤ 12 files: met)')
    expect(lines.filter((line) => line.includes('JS before its content'))).toHaveLength(1)
    expect(lines).toContain('| Home page | 240 vs 75 ms (+165, **missed**) | 180 vs 200 ms (−20, met) | — | 500 vs 75 ms (+425, **missed**) |')
  })

  it('lists every other item and its budgets, and no cold-load budget twice', () => {
    expect(lines).toContain('| 4. Live: head to DOM (50 blocks) | p50 6 ms, p95 9 ms (4–11) |')
    expect(lines).toContain('| 7. Bundle (gzip) | initial JS 150.0 KB, initial CSS 10.0 KB, largest route chunk 2.0 KB (shared.js) |')
    expect(lines).toContain('| Live: p50 ≤ 100 ms head to DOM | 6 ms | yes |')
    expect(lines).toContain('| Initial JS ≤ 150 KB gzip | 150.0 KB | yes |')
    expect(lines.filter((line) => line.includes('≤ its floor'))).toEqual([])
  })

  it('leaves out the cold-load table when the run had none', () => {
    const text = benchTables({ live: results.live })
    expect(text).not.toContain('| Page |')
    expect(text.split('\n')[0]).toBe('Machine not recorded.')
  })
})

describe('replaceSection', () => {
  it('replaces only what is between the markers', () => {
    const doc = `# Benchmarks\n\nBefore.\n${sectionStart}\nold table\n${sectionEnd}\nAfter.\n`
    expect(replaceSection(doc, 'new table')).toBe(`# Benchmarks\n\nBefore.\n${sectionStart}\nnew table\n${sectionEnd}\nAfter.\n`)
  })

  it('refuses a doc without both markers', () => {
    expect(() => replaceSection('# Benchmarks\n', 'x')).toThrow(/needs the markers/)
    expect(() => replaceSection(`${sectionEnd}\n${sectionStart}\n`, 'x')).toThrow(/needs the markers/)
  })
})
