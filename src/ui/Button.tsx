import type { ButtonHTMLAttributes } from 'react'

/**
 * The app's buttons, one look everywhere. `danger` confirms a destructive act (unpin, remove); `stop` halts
 * work in progress (cancel a search) without alarming red fill.
 */
export type ButtonTone = 'primary' | 'secondary' | 'ghost' | 'danger' | 'stop'

const tones: Record<ButtonTone, string> = {
  primary: 'bg-accent-600 text-white shadow-sm hover:bg-accent-500 disabled:bg-accent-600/50 dark:bg-accent-500 dark:hover:bg-accent-400 dark:disabled:bg-accent-500/40',
  secondary:
    'bg-white text-zinc-700 shadow-sm ring-1 ring-inset ring-zinc-200 hover:bg-zinc-50 hover:text-zinc-900 disabled:text-zinc-400 dark:bg-zinc-800/80 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-white dark:disabled:text-zinc-500',
  ghost: 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-500 disabled:bg-red-600/50',
  stop: 'bg-white text-red-700 shadow-sm ring-1 ring-inset ring-red-200 hover:bg-red-50 dark:bg-red-950/40 dark:text-red-300 dark:ring-red-900 dark:hover:bg-red-950/70',
}

export function Button({ tone = 'secondary', size = 'md', className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: ButtonTone; size?: 'sm' | 'md' }) {
  const sizing = size === 'sm' ? 'h-7 gap-1.5 rounded-md px-2.5 text-xs' : 'h-9 gap-2 rounded-lg px-3.5 text-sm'
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition disabled:cursor-not-allowed ${sizing} ${tones[tone]} ${className}`}
    />
  )
}
