import { useRef, type KeyboardEvent, type ReactNode } from 'react'

export type ToggleOption<V extends string> = { value: V; label: ReactNode; title?: string }

type ToggleProps<V extends string> = {
  /** What the choice is about, for screen readers ("Transaction details"). */
  label: string
  options: readonly ToggleOption<V>[]
  value: V
  onChange: (value: V) => void
  testId?: string
}

/**
 * A segmented control: one of a few options (the transaction-details flag: hashes or full objects).
 * A radio group: Tab reaches the chosen option, arrow keys move the choice.
 */
export function Toggle<V extends string>({ label, options, value, onChange, testId }: ToggleProps<V>) {
  const group = useRef<HTMLDivElement>(null)
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0
    if (step === 0) return
    event.preventDefault()
    const next = (index + step + options.length) % options.length
    onChange(options[next]!.value)
    group.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus()
  }

  return (
    <div ref={group} role="radiogroup" aria-label={label} data-testid={testId} className="inline-flex items-center rounded-lg bg-zinc-100 p-0.5 ring-1 ring-inset ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800">
      {options.map((option, index) => {
        const selected = option.value === value
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            title={option.title}
            data-testid={testId ? `${testId}-${option.value}` : undefined}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => move(event, index)}
            className={`rounded-md px-2.5 py-1 text-xs font-medium transition ${
              selected
                ? 'bg-white text-zinc-900 shadow-sm ring-1 ring-zinc-200 dark:bg-zinc-700 dark:text-white dark:ring-zinc-600'
                : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'
            }`}
          >
            {option.label}
          </button>
        )
      })}
    </div>
  )
}
