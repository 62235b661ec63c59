import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { blockPageJsBudget, coldBudgetMs, formatTable, interactiveBudgetMs, type BenchResults, type ColdMode } from '../bench/report.ts'
import { round } from '../bench/stats.ts'

/**
 * docs/benchmarks.md's "Latest results" written from bench/results.json (`npm run bench:docs`), so the figures
 * in the docs are the run's own and nobody copies them by hand. Only the marked section is rewritten; the
 * method and the history around it are prose.
 */

export const sectionStart = '<!-- bench:results:start (npm run bench:docs writes this section) -->'
export const sectionEnd = '<!-- bench:results:end -->'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const resultsFile = path.join(repoRoot, 'bench', 'results.json')
const docFile = path.join(repoRoot, 'docs', 'benchmarks.md')

type Machine = { cpus: number; cpuModel: string; node: string; chromium: string; loadAverageAtStart: number[]; date?: string }
type Results = BenchResults & { machine?: Machine; scenario?: { plan?: string } }

const modes: readonly ColdMode[] = ['loopback', 'emulated', 'returning']
const signed = (ms: number) => (ms >= 0 ? `+${ms}` : `−${Math.abs(ms)}`)

/** "141.9 vs 76.1 ms (+65.8, met)": the app's median against its floor's, and the gap against its budget. */
function gapCell(app: number, floor: number, budget: number): string {
  const gap = round(app - floor)
  return `${app} vs ${floor} ms (${signed(gap)}, ${gap <= budget ? 'met' : '**missed**'})`
}

/** One line on where and how the figures were taken. */
function runLine(results: Results): string {
  const machine = results.machine
  if (!machine) return 'Machine not recorded.'
  const when = machine.date ? `${machine.date.slice(0, 16).replace('T', ' ')} UTC, ` : ''
  const plan = results.scenario?.plan ? `, ${results.scenario.plan} plan` : ''
  const load = machine.loadAverageAtStart[0] === undefined ? '' : `, load average ${machine.loadAverageAtStart[0]} at the start`
  return `${when}${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node.replace(/^v/, '')}, Chromium ${machine.chromium}${plan}${load}.`
}

/** The cold loads against their floors: one row a page, one column a way of loading, then when it became interactive. */
function coldTable(results: Results): string[] {
  const cases = Object.values(results.coldLoads?.cases ?? {})
  if (cases.length === 0) return []
  const runs = cases[0]?.loopback?.app.ms.n
  const lines = [
    `Cold loads, app against its floor (medians${runs ? ` of ${runs} loads` : ''}; budget: floor + ${coldBudgetMs.loopback} ms loopback, + ${coldBudgetMs.emulated} ms emulated, + ${coldBudgetMs.returning} ms returning, + ${interactiveBudgetMs} ms interactive):`,
    '',
    '| Page | Full load, loopback | Full load, emulated | Returning visitor | Interactive, loopback |',
    '| --- | --- | --- | --- | --- |',
  ]
  for (const item of cases) {
    const cells = modes.map((mode) => {
      const pair = item[mode]
      return pair ? gapCell(pair.app.ms.median, pair.floor.ms.median, coldBudgetMs[mode]) : '—'
    })
    const loopback = item.loopback
    const interactive = loopback?.app.interactiveMs
    cells.push(loopback && interactive ? gapCell(interactive.median, loopback.floor.ms.median, interactiveBudgetMs) : '—')
    lines.push(`| ${item.label} | ${cells.join(' | ')} |`)
  }
  // The block pages' JavaScript before their content, from the same loopback loads.
  const limit = `≤ ${blockPageJsBudget.gzip / 1024} KB in ≤ ${blockPageJsBudget.files} files`
  const jsLines = Object.entries(results.coldLoads?.cases ?? {}).flatMap(([name, item]) => {
    const js = item.loopback?.app.js
    if (!js || !name.startsWith('block')) return []
    const met = js.gzip <= blockPageJsBudget.gzip && js.files <= blockPageJsBudget.files
    return [`- ${item.label}: JS before its content ${(js.gzip / 1024).toFixed(1)} KB gzip in ${js.files} files (${limit}: ${met ? 'met' : '**missed**'})`]
  })
  return jsLines.length > 0 ? [...lines, '', ...jsLines] : lines
}

/** The generated section's body: the run, the cold-load table, then every other item and its budgets (bench/report.ts). */
export function benchTables(input: unknown): string {
  const results = input as Results
  const cold = coldTable(results)
  const rest = formatTable({ ...results, coldLoads: undefined })
  return [runLine(results), '', ...(cold.length > 0 ? [...cold, ''] : []), 'Every other item, and its budgets:', '', rest].join('\n')
}

/** `doc` with the text between the section's markers replaced by `body`; a doc without both markers is an error. */
export function replaceSection(doc: string, body: string): string {
  const start = doc.indexOf(sectionStart)
  const end = doc.indexOf(sectionEnd)
  if (start < 0 || end < start) throw new Error(`docs/benchmarks.md needs the markers ${sectionStart} and ${sectionEnd}, in that order`)
  return `${doc.slice(0, start + sectionStart.length)}\n${body}\n${doc.slice(end)}`
}

/** Rewrites the section from results.json; with --check, only says whether it is current (exit code 1 if not). */
function main(args: string[]): void {
  const results: unknown = JSON.parse(fs.readFileSync(resultsFile, 'utf8'))
  const doc = fs.readFileSync(docFile, 'utf8')
  const next = replaceSection(doc, benchTables(results))
  if (args.includes('--check')) {
    if (next !== doc) {
      console.error('docs/benchmarks.md is not the latest bench/results.json: run npm run bench:docs')
      process.exit(1)
    }
    console.log('docs/benchmarks.md matches bench/results.json')
    return
  }
  if (next === doc) return console.log('docs/benchmarks.md already matches bench/results.json')
  fs.writeFileSync(docFile, next)
  console.log('docs/benchmarks.md: latest results written from bench/results.json')
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main(process.argv.slice(2))
