export type ProgressTone = 'running' | 'done' | 'stopped' | 'failed'

const tones: Record<ProgressTone, string> = { running: 'bg-accent-500', done: 'bg-emerald-500', stopped: 'bg-amber-500', failed: 'bg-red-500' }

/**
 * A share of work done, 0-100. The bar is moved, not resized: a transform transition runs on the compositor,
 * where a width transition laid out and painted the page on the main thread every frame of a long scan. Running
 * at 0, a short pulsing stub says it has started.
 */
export function ProgressBar({ share, tone, label, testId, className = 'h-2' }: { share: number; tone: ProgressTone; label: string; testId: string; className?: string }) {
  const starting = tone === 'running' && share === 0
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={share} data-testid={testId} className={`${className} overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800`}>
      <div
        className={`h-full rounded-full transition-transform duration-200 ${tones[tone]} ${starting ? 'w-1/12 motion-safe:animate-pulse' : 'w-full'}`}
        style={starting ? undefined : { transform: `translateX(${share - 100}%)` }}
      />
    </div>
  )
}
