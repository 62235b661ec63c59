import { useId, useMemo, useState } from 'react'
import { isAddress, type AbiFunction } from 'viem'
import type { KnownAbi } from './useKnownAbi.ts'
import { byteLength } from '../../format/hex.ts'
import { abiFunctions, functionKey } from './abiInput.ts'
import { builderState, type CallDraft } from './callParams.ts'
import { SectionLabel, monoInputClass, textareaClass } from './formParts.tsx'
import { Button } from '../../ui/Button.tsx'
import { inputClass } from '../../ui/form.ts'
import { Field, fieldAria } from '../../ui/Field.tsx'

/** The EIP-20 interface as signatures, with their returns, so answers decode. */
const erc20Signatures = [
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 value) returns (bool)',
].join('\n')

type BuilderPatch = Partial<Pick<CallDraft, 'abi' | 'fn' | 'args'>>

function inputPlaceholder(type: string): string {
  if (type === 'address') return '0x… (20 bytes)'
  if (type === 'bool') return 'true or false'
  if (type === 'string') return 'text'
  if (/^u?int\d*$/.test(type)) return type.startsWith('u') ? '123, 0x7b or 1.5 ether' : '-5, 123 or 0x7b'
  if (/^bytes\d*$/.test(type)) return '0x…'
  if (/\]$/.test(type)) return 'JSON list, e.g. [1, 2]'
  if (type === 'tuple') return 'JSON array or object'
  return type
}

/**
 * Builds `data` from a function signature or a pasted ABI plus arguments. The same ABI decodes the answer
 * and names custom errors, so an `error …` line here is worth adding.
 */
export function DataBuilder({ draft, onChange, loadKnownAbi }: { draft: CallDraft; onChange: (patch: BuilderPatch) => void; loadKnownAbi?: (to: string) => Promise<KnownAbi | null> }) {
  const id = useId()
  const state = useMemo(() => builderState(draft), [draft])
  const functions = useMemo(() => abiFunctions(state.abi), [state.abi])
  const errors = state.abi.filter((item) => item.type === 'error').length
  const chosen: AbiFunction | undefined = functions.find((fn) => functionKey(fn) === draft.fn) ?? functions.find((fn) => fn.name === draft.fn)

  const [known, setKnown] = useState<{ busy: boolean; note: string | null }>({ busy: false, note: null })
  const targetIsAddress = isAddress(draft.to.trim(), { strict: false })
  const fillKnown = async () => {
    if (!loadKnownAbi) return
    setKnown({ busy: true, note: null })
    try {
      const found = await loadKnownAbi(draft.to)
      if (found) changeAbi(JSON.stringify(found.abi, null, 1))
      setKnown({ busy: false, note: found ? (found.source === 'published' ? 'The ABI this deployment publishes for the target.' : 'The standard token functions the target’s code dispatches on.') : 'No ABI is known for the target: it publishes none here, and its code dispatches on no standard token function.' })
    } catch (error) {
      setKnown({ busy: false, note: `Could not read the target: ${error instanceof Error ? error.message : String(error)}` })
    }
  }

  const choose = (key: string) => {
    const fn = functions.find((candidate) => functionKey(candidate) === key)
    onChange({ fn: key, args: fn ? fn.inputs.map((_, index) => draft.args[index] ?? '') : [] })
  }

  const changeAbi = (abi: string) => {
    // A single function in the new ABI is chosen at once: the common case of one typed signature.
    const next = builderState({ abi, fn: '', args: [] })
    const only = abiFunctions(next.abi)
    if (only.length === 1 && (draft.fn === '' || !only.some((fn) => functionKey(fn) === draft.fn))) {
      onChange({ abi, fn: functionKey(only[0]!), args: only[0]!.inputs.map((_, index) => draft.args[index] ?? '') })
    } else onChange({ abi })
  }

  return (
    <div className="space-y-4" data-testid="data-builder">
      <SectionLabel
        aside={
          <span className="flex flex-wrap gap-1">
            {loadKnownAbi && targetIsAddress && (
              <Button size="sm" tone="ghost" onClick={() => void fillKnown()} disabled={known.busy} data-testid="builder-known" title="The ABI the app knows for the address in To: published by this deployment, or standard token functions its code has">
                {known.busy ? 'Looking…' : 'Use the target’s ABI'}
              </Button>
            )}
            <Button size="sm" tone="ghost" onClick={() => changeAbi(erc20Signatures)} data-testid="builder-erc20">
              Use ERC-20 signatures
            </Button>
          </span>
        }
      >
        Data builder
      </SectionLabel>
      {known.note && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400" role="status" data-testid="builder-known-note">
          {known.note}
        </p>
      )}
      <Field
        id={`${id}-abi`}
        label="Function signature or ABI"
        problem={state.abiProblem}
        hint={
          functions.length + errors > 0
            ? `${functions.length} function${functions.length === 1 ? '' : 's'}${errors > 0 ? `, ${errors} custom error${errors === 1 ? '' : 's'} (used to decode reverts)` : ''}`
            : 'One signature a line — transfer(address,uint256), function balanceOf(address) view returns (uint256), error Oops(uint256) — or a JSON ABI.'
        }
      >
        <textarea
          id={`${id}-abi`}
          rows={3}
          spellCheck={false}
          value={draft.abi}
          placeholder="balanceOf(address) returns (uint256)"
          onChange={(event) => changeAbi(event.target.value)}
          className={textareaClass}
          data-testid="builder-abi"
          {...fieldAria(`${id}-abi`, state.abiProblem)}
        />
      </Field>
      {functions.length > 0 && (
        <Field id={`${id}-fn`} label="Function" problem={state.callProblem}>
          <select id={`${id}-fn`} value={chosen ? functionKey(chosen) : ''} onChange={(event) => choose(event.target.value)} className={`${inputClass} font-mono text-[13px]`} data-testid="builder-function">
            <option value="">Choose a function…</option>
            {functions.map((fn) => (
              <option key={functionKey(fn)} value={functionKey(fn)}>
                {functionKey(fn)}
                {fn.outputs.length > 0 ? ` → ${fn.outputs.map((output) => output.type).join(', ')}` : ''}
              </option>
            ))}
          </select>
        </Field>
      )}
      {chosen && chosen.inputs.length > 0 && (
        <div className="grid gap-3">
          {chosen.inputs.map((input, index) => {
            const fieldId = `${id}-arg-${index}`
            const problem = state.argProblems[index]
            return (
              <Field key={fieldId} id={fieldId} label={<span className="font-mono">{input.name ? `${input.name} ` : ''}<span className="text-zinc-500 dark:text-zinc-400">{input.type}</span></span>} problem={problem}>
                <input
                  id={fieldId}
                  value={draft.args[index] ?? ''}
                  spellCheck={false}
                  autoComplete="off"
                  placeholder={inputPlaceholder(input.type)}
                  onChange={(event) => {
                    const args = chosen.inputs.map((_, at) => draft.args[at] ?? '')
                    args[index] = event.target.value
                    onChange({ args })
                  }}
                  className={monoInputClass}
                  data-testid={`builder-arg-${index}`}
                  {...fieldAria(fieldId, problem)}
                />
              </Field>
            )
          })}
        </div>
      )}
      {chosen && state.calldata && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="builder-status">
          Encoded into data: selector <span className="font-mono text-zinc-700 dark:text-zinc-300">{state.calldata.slice(0, 10)}</span>, {byteLength(state.calldata)} bytes
          {draft.data.trim() !== '' && draft.data.trim().toLowerCase() !== state.calldata ? ' — but data was edited by hand since' : ''}
        </p>
      )}
    </div>
  )
}
