import type { ButtonHTMLAttributes, ReactNode, SVGProps } from 'react'

/**
 * The logs tool's small form pieces, in the look of the rest of the app (zinc, indigo accent). The settings
 * and files pages keep their own copies of Button and inputClass: one shared set in src/ui would be better.
 */

type Tone = 'primary' | 'secondary' | 'ghost' | 'danger'

const tones: Record<Tone, string> = {
  primary: 'bg-accent-600 text-white shadow-sm hover:bg-accent-500 disabled:bg-accent-600/50 dark:bg-accent-500 dark:hover:bg-accent-400 dark:disabled:bg-accent-500/40',
  secondary:
    'bg-white text-zinc-700 shadow-sm ring-1 ring-inset ring-zinc-200 hover:bg-zinc-50 hover:text-zinc-900 disabled:text-zinc-400 dark:bg-zinc-800/80 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-white dark:disabled:text-zinc-500',
  ghost: 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
  danger: 'bg-white text-red-700 shadow-sm ring-1 ring-inset ring-red-200 hover:bg-red-50 dark:bg-red-950/40 dark:text-red-300 dark:ring-red-900 dark:hover:bg-red-950/70',
}

export function Button({ tone = 'secondary', size = 'md', className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: Tone; size?: 'sm' | 'md' }) {
  const sizing = size === 'sm' ? 'h-7 gap-1.5 rounded-md px-2.5 text-xs' : 'h-9 gap-2 rounded-lg px-3.5 text-sm'
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition disabled:cursor-not-allowed ${sizing} ${tones[tone]} ${className}`}
    />
  )
}

export const inputClass =
  'block h-9 w-full rounded-lg bg-white px-3 text-sm text-zinc-900 shadow-sm ring-1 ring-inset ring-zinc-200 transition placeholder:text-zinc-400 focus:outline-none focus:ring-2 focus:ring-accent-500 aria-invalid:ring-red-300 dark:bg-zinc-950/60 dark:text-zinc-100 dark:ring-zinc-700 dark:placeholder:text-zinc-500 dark:aria-invalid:ring-red-800'

export function FieldLabel({ htmlFor, children, aside }: { htmlFor: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-2">
      <label htmlFor={htmlFor} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {children}
      </label>
      {aside && <span className="text-[11px] text-zinc-500 dark:text-zinc-400">{aside}</span>}
    </div>
  )
}

/** A field's problem (red) or its hint (grey), beneath it. */
export function FieldNote({ id, problem, hint, testId }: { id: string; problem?: string; hint?: ReactNode; testId?: string }) {
  if (problem) {
    return (
      <p id={id} role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400" data-testid={testId}>
        {problem}
      </p>
    )
  }
  if (!hint) return null
  return (
    <p id={id} className="mt-1 truncate text-xs text-zinc-500 dark:text-zinc-400">
      {hint}
    </p>
  )
}

type IconProps = SVGProps<SVGSVGElement>

function Icon({ children, ...props }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...props}>
      {children}
    </svg>
  )
}

export const DownloadIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5" />
    <path d="M4 17v1a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-1" />
  </Icon>
)

export const ListIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8 6h12M8 12h12M8 18h12" />
    <path d="M4 6h.01M4 12h.01M4 18h.01" />
  </Icon>
)

export const StopIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="6" y="6" width="12" height="12" rx="2" />
  </Icon>
)

export const PlayIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 5v14l11-7Z" />
  </Icon>
)

export const RefreshIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 11a8 8 0 1 0-2.3 5.7" />
    <path d="M20 5v6h-6" />
  </Icon>
)
