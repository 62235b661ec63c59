const tones = {
  ok: 'bg-emerald-500',
  busy: 'bg-amber-400',
  down: 'bg-red-500',
  idle: 'bg-zinc-400',
} as const

/** A coloured dot; the live one pulses softly. */
export function StatusDot({ tone }: { tone: keyof typeof tones }) {
  return (
    <span className="relative inline-flex size-2.5 shrink-0" aria-hidden="true">
      {tone === 'ok' && <span className="absolute inset-0 animate-ping rounded-full bg-emerald-400 opacity-60 [animation-duration:2.5s]" />}
      <span className={`relative inline-flex size-2.5 rounded-full ${tones[tone]}`} />
    </span>
  )
}
