import type { Step, Walk } from './steps.ts'

function Keys({ auto, pace }: { auto: boolean; pace: number }) {
  const key = 'rounded bg-white/10 px-1.5 py-0.5 font-mono text-[0.8em] text-white ring-1 ring-white/15'
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="presentation-keys">
      <span>
        <kbd className={key}>←</kbd> <kbd className={key}>→</kbd> <kbd className={key}>Space</kbd>
      </span>
      <span>
        <kbd className={key}>A</kbd> {auto ? `automatic, every ${pace} s` : 'automatic'}
        {auto && (
          <>
            {' '}
            <kbd className={key}>+</kbd> <kbd className={key}>−</kbd>
          </>
        )}
      </span>
      <span>
        <kbd className={key}>Esc</kbd> leave
      </span>
    </span>
  )
}

/** Before the first step: what the walk will show on this network, and what it leaves out and why. */
export function TitleCard({ networkLabel, walk, auto, pace, onBegin }: { networkLabel: string; walk: Walk | null; auto: boolean; pace: number; onBegin: () => void }) {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="presentation-heading"
      data-testid="presentation-title-card"
      className="fixed inset-0 z-50 flex items-center justify-center bg-zinc-950/90 p-6 text-white"
    >
      <div className="w-full max-w-3xl rounded-3xl bg-zinc-900/90 p-10 shadow-2xl ring-1 ring-white/10">
        <p className="text-sm font-medium uppercase tracking-[0.2em] text-accent-300">chainglass</p>
        <h2 id="presentation-heading" className="mt-3 text-4xl font-semibold tracking-tight">
          A walk through {networkLabel}
        </h2>
        {walk === null ? (
          <p className="mt-6 text-lg text-zinc-300" data-testid="presentation-preparing" role="status">
            Looking on the chain for a busy block, a token transfer and a failed transaction…
          </p>
        ) : (
          <>
            <ol className="mt-6 grid gap-x-8 gap-y-2 text-lg text-zinc-200 sm:grid-cols-2" data-testid="presentation-plan">
              {walk.steps.map((step, index) => (
                <li key={step.id} className="flex gap-3" data-step={step.id}>
                  <span className="w-6 shrink-0 text-right tabular-nums text-accent-300">{index + 1}</span>
                  {step.title}
                </li>
              ))}
            </ol>
            {walk.skipped.length > 0 && (
              <div className="mt-6 rounded-xl bg-white/5 px-5 py-4 text-sm text-zinc-300 ring-1 ring-white/10" data-testid="presentation-skipped">
                <p className="font-medium text-zinc-100">Left out on this network</p>
                <ul className="mt-2 space-y-1">
                  {walk.skipped.map((skipped) => (
                    <li key={skipped.id} data-step={skipped.id}>
                      <span className="text-zinc-100">{skipped.title}</span>: {skipped.reason}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <button
              type="button"
              onClick={onBegin}
              autoFocus
              data-testid="presentation-begin"
              className="mt-8 inline-flex h-12 items-center rounded-xl bg-accent-500 px-6 text-lg font-medium text-white shadow-lg hover:bg-accent-400"
            >
              Begin
            </button>
          </>
        )}
        <div className="mt-8 text-sm text-zinc-400">
          <Keys auto={auto} pace={pace} />
        </div>
      </div>
    </div>
  )
}

/** Under the page: where the walk is, what this page shows, and the keys. */
export function Caption({ step, index, count, auto, pace, status }: { step: Step; index: number; count: number; auto: boolean; pace: number; status: string | null }) {
  return (
    <div role="region" aria-label="Presentation" data-testid="presentation" data-step={step.id} className="pointer-events-none fixed inset-x-0 bottom-0 z-50 p-4 sm:p-6">
      <div className="mx-auto max-w-5xl overflow-hidden rounded-2xl bg-zinc-950/95 text-white shadow-2xl ring-1 ring-white/10">
        <div className="px-7 pb-5 pt-4">
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-zinc-400">
            <span className="flex items-center gap-3">
              <span data-testid="presentation-count" className="tabular-nums">
                {index + 1} of {count}
              </span>
              <span className="flex gap-1.5" aria-hidden="true">
                {Array.from({ length: count }, (_, dot) => (
                  <span key={dot} className={`h-1.5 rounded-full transition-all ${dot === index ? 'w-5 bg-accent-400' : dot < index ? 'w-1.5 bg-white/50' : 'w-1.5 bg-white/20'}`} />
                ))}
              </span>
            </span>
            <Keys auto={auto} pace={pace} />
          </div>
          <div aria-live="polite">
            <h2 className="mt-2 text-2xl font-semibold tracking-tight" data-testid="presentation-title">
              {step.title}
            </h2>
            <p className="mt-1.5 text-lg leading-snug text-zinc-200" data-testid="presentation-caption">
              {step.caption}
            </p>
            {status && (
              <p className="mt-2 break-all font-mono text-sm text-accent-200" data-testid="presentation-status">
                {status}
              </p>
            )}
          </div>
        </div>
        {auto && (
          <div
            key={`${index}-${pace}`}
            aria-hidden="true"
            data-testid="presentation-timer"
            className="h-1 origin-left bg-accent-400"
            style={{ animation: `present-progress ${pace}s linear forwards` }}
          />
        )}
      </div>
    </div>
  )
}
