import type { SlotStep } from '../../evm/storage/slots.ts'
import { slotHex } from '../../evm/storage/slots.ts'
import { HashTitle } from '../../ui/HashTitle.tsx'
import { Panel } from '../../ui/Panel.tsx'

/** The slot the inputs lead to, and every step of the formula with what was hashed. */
export function SlotSteps({ steps, slot, offset, size }: { steps: SlotStep[]; slot: bigint; offset: number; size: number }) {
  const hex = slotHex(slot)
  return (
    <Panel title="Slot" testId="storage-slot-panel" actions={size < 32 ? <span className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="storage-packed">packed: byte offset {offset}, {size} byte{size === 1 ? '' : 's'}</span> : undefined}>
      <div className="px-5 pt-4 pb-5">
        <HashTitle value={hex} copyLabel="Copy slot" testId="storage-slot" look="panel" />
        {slot < 1n << 64n && <p className="mt-0.5 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">slot {slot.toString(10)}</p>}
        <ol className="mt-5 space-y-0" data-testid="storage-steps">
          {steps.map((step, index) => (
            <li key={index} className="relative flex gap-3 pb-4 last:pb-0" data-testid="storage-step">
              {index < steps.length - 1 && <span aria-hidden="true" className="absolute top-6 bottom-0 left-[11px] w-px bg-zinc-200 dark:bg-zinc-800" />}
              <span className="relative flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-50 text-[11px] font-semibold text-accent-700 ring-1 ring-accent-200 ring-inset dark:bg-accent-950/60 dark:text-accent-300 dark:ring-accent-900">
                {index + 1}
              </span>
              <div className="min-w-0 flex-1 pt-0.5">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-mono font-medium break-all text-zinc-900 dark:text-zinc-100">{step.label}</span>
                  <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{step.formula}</span>
                </p>
                {step.preimage && (
                  <p className="mt-1 font-mono text-[11px] leading-4 break-all text-zinc-500 dark:text-zinc-400" data-testid="storage-step-preimage">
                    <span className="mr-1 font-sans font-medium text-zinc-500 dark:text-zinc-400">hashed</span>
                    {step.preimage}
                  </p>
                )}
                <p className="mt-1 font-mono text-[11px] leading-4 break-all text-zinc-700 dark:text-zinc-300" data-testid="storage-step-slot">
                  <span className="mr-1 font-sans font-medium text-zinc-500 dark:text-zinc-400">=</span>
                  {slotHex(step.slot)}
                </p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </Panel>
  )
}
