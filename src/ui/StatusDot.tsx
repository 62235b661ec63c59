const tones = {
  ok: 'bg-emerald-500',
  busy: 'bg-amber-400',
  down: 'bg-red-500',
  idle: 'bg-zinc-400',
} as const

/**
 * A coloured dot that holds still: its colour says the state. Live dots do not pulse or ring anywhere in the
 * app. Any running animation makes the compositor draw a frame 60 times a second for as long as it runs, and
 * with software compositing (no GPU) drawing them kept an idle page busy on the CPU, and a ring that ran on
 * each page load took the CPU from the next page's load. The colour changes with a short transition, the one
 * motion left.
 */
export function StatusDot({ tone }: { tone: keyof typeof tones }) {
  return <span aria-hidden="true" className={`inline-flex size-2.5 shrink-0 rounded-full transition-colors ${tones[tone]}`} />
}
