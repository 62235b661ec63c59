import fs from 'node:fs'

/** Linux's USER_HZ: /proc's start times count ticks of 1/100 s on every architecture Linux exports them for. */
const ticksPerSecond = 100

type ProcessInfo = { parent: number; startTicks: number; command: string }

function readProcess(pid: number): ProcessInfo | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name in parentheses may itself hold spaces or parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
    return { parent: Number(fields[1]), startTicks: Number(fields[19]), command }
  } catch {
    return null
  }
}

/**
 * When the command that started this process began, in ms since the epoch: `npm start` is npm, then a shell,
 * then tsx, then the node process that runs this code, and npm alone takes a third of a second before any of
 * our code runs. On Linux the chain of parents up to npm (or, run without npm, up to the tsx wrapper) is
 * read from /proc; elsewhere, or when it cannot be read, this process's own start.
 */
export function commandStartedAt(): number {
  const ownStart = performance.timeOrigin
  const self = readProcess(process.pid)
  if (!self) return ownStart
  const viaNpm = process.env.npm_lifecycle_event !== undefined
  let earliest = self.startTicks
  let pid = self.parent
  // A few levels at most: npm → sh → tsx → node. Never past the npm that ran the script.
  for (let level = 0; level < 4 && pid > 1; level++) {
    const parent = readProcess(pid)
    if (!parent) break
    const isNpm = /(^|[\s/])npm(-cli\.js)?(\s|$)/.test(parent.command)
    const isOurs = viaNpm || /\btsx\b/.test(parent.command)
    if (!isOurs) break
    earliest = Math.min(earliest, parent.startTicks)
    if (isNpm) break
    pid = parent.parent
  }
  // Relative to this process's own precise start: /proc's boot time is in whole seconds, the ticks are not.
  return ownStart - ((self.startTicks - earliest) * 1000) / ticksPerSecond
}
