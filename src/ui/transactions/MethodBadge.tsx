import type { Hex } from 'viem'
import { methodLabel } from '../../evm/names/calldata.ts'
import { useNames } from '../../queries/names.ts'
import { useNetwork } from '../networks/NetworkContext.tsx'

/**
 * A list row's method: the function's name where the called contract's ABI or the table of well-known ABIs
 * decodes the input, else its 4-byte selector; "Transfer" for plain ether, "Create" for a deployment. The
 * signature and selector are in the title.
 */
export function MethodBadge({ input, to, testId }: { input: Hex; to: string | null; testId?: string }) {
  const names = useNames(useNetwork())
  const method = methodLabel(input, to, names)
  const isSelector = method.label.startsWith('0x')
  return (
    <span
      title={method.title}
      data-testid={testId}
      data-selector={input.length >= 10 && to !== null ? input.slice(0, 10).toLowerCase() : undefined}
      className={`inline-block max-w-[9rem] truncate rounded-md px-1.5 py-0.5 align-middle text-[11px] font-medium ring-1 ring-inset ${isSelector ? 'bg-zinc-100 font-mono text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700' : 'bg-accent-50 text-accent-800 ring-accent-200 dark:bg-accent-950/50 dark:text-accent-200 dark:ring-accent-900'}`}
    >
      {method.label}
    </span>
  )
}
