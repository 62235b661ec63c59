const tones = {
  ok: 'bg-emerald-500',
  busy: 'bg-amber-400',
  down: 'bg-red-500',
  idle: 'bg-zinc-400',
} as const

/**
 * A coloured dot; the live one rings a few times when it turns live, then holds still. An endless ring kept the
 * page drawing frames on every page for as long as it was open (about 40 ms of each second of main thread on a
 * two-core machine with software rendering); and it is motion, so it waits on the user's reduced-motion wish.
 */
export function StatusDot({ tone }: { tone: keyof typeof tones }) {
  return (
    <span className="relative inline-flex size-2.5 shrink-0" aria-hidden="true">
      {tone === 'ok' && <span className="absolute inset-0 rounded-full bg-emerald-400 opacity-60 motion-safe:animate-ping motion-safe:[animation-duration:2.5s] motion-safe:[animation-iteration-count:3]" />}
      <span className={`relative inline-flex size-2.5 rounded-full ${tones[tone]}`} />
    </span>
  )
}
