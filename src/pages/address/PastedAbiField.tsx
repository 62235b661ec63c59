import { useId } from 'react'
import { Field, fieldAria } from '../../ui/Field.tsx'
import { textareaClass } from '../call/formParts.tsx'

/**
 * Where the user pastes an ABI for the contract (usePastedAbi): open by itself when the app knows none, folded
 * away otherwise. Read and Write contract then use it.
 */
export function PastedAbiField({ text, problem, onText, open }: { text: string; problem: string | null; onText: (text: string) => void; open: boolean }) {
  const id = useId()
  return (
    <details className="px-5 py-3 text-sm" open={open || text !== ''} data-testid="pasted-abi">
      <summary className="cursor-pointer text-xs font-medium text-accent-600 dark:text-accent-400">Use an ABI you paste</summary>
      <div className="mt-2">
        <Field id={id} label="ABI: JSON, an artifact with an abi, or signatures a line each" problem={problem ?? undefined} problemTestId="pasted-abi-problem" hint="Kept for this tab only. Clear it to use what the app knows again.">
          <textarea
            id={id}
            value={text}
            onChange={(event) => onText(event.target.value)}
            rows={3}
            spellCheck={false}
            placeholder="function balanceOf(address owner) view returns (uint256)"
            className={textareaClass}
            data-testid="pasted-abi-text"
            {...fieldAria(id, problem, 'Kept for this tab only. Clear it to use what the app knows again.')}
          />
        </Field>
      </div>
    </details>
  )
}
