import type { AbiFunction } from 'viem'
import { Field, fieldAria } from '../../ui/Field.tsx'
import { inputClass } from '../../ui/form.ts'

/** A function as its ABI writes it: `transfer(address to, uint256 value) → bool`. */
export function FunctionSignature({ fn, index }: { fn: AbiFunction; index: number }) {
  return (
    <p className="font-mono text-[13px] font-medium text-zinc-900 dark:text-zinc-100">
      <span className="text-zinc-500 dark:text-zinc-400">{index + 1}.</span> {fn.name}
      <span className="text-zinc-500 dark:text-zinc-400">({fn.inputs.map((input) => `${input.type}${input.name ? ` ${input.name}` : ''}`).join(', ')})</span>
      {fn.outputs.length > 0 && <span className="text-zinc-500 dark:text-zinc-400"> → {fn.outputs.map((output) => output.type).join(', ')}</span>}
    </p>
  )
}

/**
 * A field per input of `fn`, named arg-0, arg-1 … in its form (uncontrolled: read from the form when sent), each
 * with its problem under it; ids from `id` so several forms share a page.
 */
export function AbiArguments({ fn, id, problems }: { fn: AbiFunction; id: string; problems: Record<number, string> }) {
  if (fn.inputs.length === 0) return null
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {fn.inputs.map((input, at) => (
        <Field key={at} id={`${id}-arg-${at}`} label={`${input.name || `argument ${at + 1}`} (${input.type})`} problem={problems[at]} problemTestId={`arg-${at}-problem`}>
          <input
            id={`${id}-arg-${at}`}
            name={`arg-${at}`}
            autoComplete="off"
            spellCheck={false}
            placeholder={input.type === 'address' ? '0x…' : input.type.endsWith(']') || input.type === 'tuple' ? 'JSON, e.g. [1, 2]' : input.type}
            className={`${inputClass} font-mono text-[13px]`}
            data-testid={`arg-${at}`}
            {...fieldAria(`${id}-arg-${at}`, problems[at])}
          />
        </Field>
      ))}
    </div>
  )
}

/** The arguments as typed, one string per input of `fn`. */
export function argumentsOf(form: HTMLFormElement, fn: AbiFunction): string[] {
  const values = new FormData(form)
  return fn.inputs.map((_, at) => String(values.get(`arg-${at}`) ?? ''))
}
