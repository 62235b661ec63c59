import type { InputHTMLAttributes, ReactNode } from 'react'
import { inputClass } from './form.ts'

type FieldProps = {
  /** The control's id: the label points at it, and the hint and problem are `${id}-hint` and `${id}-problem`. */
  id: string
  label: ReactNode
  /** Beside the label, right-aligned: a unit, a limit (the gas cap). */
  aside?: ReactNode
  /** Under the control, in grey. */
  hint?: ReactNode
  /** Under the control, in red, in place of the hint; the control takes fieldAria(id, problem, hint). */
  problem?: string | null
  /** data-testid of the problem line (default `${id}-problem`). */
  problemTestId?: string
  /** Announce the problem as it appears (a form checked on submit, where the user is not looking at the field). */
  announce?: boolean
  children: ReactNode
  className?: string
}

/** A labelled control with its hint or its problem beneath: the one form field of the app. */
export function Field({ id, label, aside, hint, problem, problemTestId, announce = false, children, className = '' }: FieldProps) {
  return (
    <div className={`min-w-0 ${className}`}>
      <div className="mb-1 flex min-h-5 items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {problem ? (
        <p id={`${id}-problem`} role={announce ? 'alert' : undefined} className="mt-1 text-xs text-red-600 dark:text-red-400" data-testid={problemTestId ?? `${id}-problem`}>
          {problem}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** aria props of a control in a Field: invalid with its problem, or described by its hint. */
export function fieldAria(id: string, problem: string | null | undefined, hint?: ReactNode) {
  if (problem) return { 'aria-invalid': true as const, 'aria-describedby': `${id}-problem` }
  return hint ? { 'aria-describedby': `${id}-hint` } : {}
}

/** A text input in a Field, named `name` (its id and test id are `field-${name}`). */
export function TextField({
  label,
  hint,
  problem,
  className = '',
  mono = false,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode; problem?: string; mono?: boolean; name: string }) {
  const id = `field-${input.name}`
  return (
    <Field id={id} label={label} hint={hint} problem={problem} problemTestId={`problem-${input.name}`} announce className={className}>
      <input
        id={id}
        spellCheck={false}
        autoComplete="off"
        {...fieldAria(id, problem, hint)}
        data-testid={id}
        {...input}
        className={`${inputClass} ${mono ? 'font-mono text-[13px]' : ''}`}
      />
    </Field>
  )
}
