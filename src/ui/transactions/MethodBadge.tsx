import type { Hex } from 'viem'

/**
 * What a list's Method column says before any name is known: the 4-byte selector of a call, "Transfer" for
 * plain ether, "Create" for a deployment. Names come from the signature table once it has loaded.
 */
export function fallbackMethod(input: Hex, to: string | null): { label: string; title: string } {
  if (to === null) return { label: 'Create', title: 'A contract creation: the input is creation code' }
  if (input === '0x') return { label: 'Transfer', title: 'No input data: a plain ether transfer' }
  if (input.length < 10) return { label: 'data', title: 'Fewer than 4 bytes of input: not a function call' }
  const selector = input.slice(0, 10).toLowerCase()
  return { label: selector, title: `Function selector ${selector}` }
}

/** A list row's method, as a small label; the full signature (or what it is) in the title. */
export function MethodBadge({ input, to, testId }: { input: Hex; to: string | null; testId?: string }) {
  const method = fallbackMethod(input, to)
  const isSelector = method.label.startsWith('0x')
  return (
    <span
      title={method.title}
      data-testid={testId}
      className={`inline-block max-w-[9rem] truncate rounded-md bg-zinc-100 px-1.5 py-0.5 align-middle text-[11px] font-medium text-zinc-700 ring-1 ring-inset ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700 ${isSelector ? 'font-mono' : ''}`}
    >
      {method.label}
    </span>
  )
}
