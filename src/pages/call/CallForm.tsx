import { Fragment, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { formatEther, formatGwei, formatInteger } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { acceptedTags } from '../../networks/tags.ts'
import { Badge } from '../../ui/Badge.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Toggle } from '../../ui/Toggle.tsx'
import { blockOverrideFields, buildCall, builderState, quantityFields, type BlockOverrideField, type CallDraft, type CallField, type CallMethod, type Problems } from './callParams.ts'
import { DataBuilder } from './DataBuilder.tsx'
import { useKnownAbiLoader } from './useKnownAbi.ts'
import { monoInputClass, SectionLabel, textareaClass } from './formParts.tsx'
import { Button } from '../../ui/Button.tsx'
import { GasCapNote } from './GasCapNote.tsx'
import { parseQuantity } from './quantity.ts'
import { Field, fieldAria } from '../../ui/Field.tsx'

type Props = {
  network: AppNetwork
  initial: CallDraft
  /** The URL asked for a call: show its problems at once. */
  showProblems: boolean
  onRun: (draft: CallDraft) => void
  onClear: () => void
}

/** The amount a quantity field reads as, for the hint under it ("= 1.5 ETH"). */
function amountHint(field: CallField, text: string): string | null {
  if (!(quantityFields as readonly string[]).includes(field) || text.trim() === '') return null
  let value: bigint
  try {
    value = parseQuantity(text)
  } catch {
    return null
  }
  if (field === 'value') return `= ${formatEther(value)}`
  if (field === 'gas') return `= ${formatInteger(value)} gas`
  return `= ${formatGwei(value, 9)}`
}

const labels: Record<CallField, string> = {
  from: 'from',
  to: 'to',
  data: 'data',
  value: 'value',
  gas: 'gas',
  gasPrice: 'gasPrice',
  maxFeePerGas: 'maxFeePerGas',
  maxPriorityFeePerGas: 'maxPriorityFeePerGas',
}

const placeholders: Record<CallField, string> = {
  from: '0x… sender',
  to: '0x… contract or account',
  data: '0x… selector and ABI-encoded arguments',
  value: '0, 1.5 ether, 0x…',
  gas: '21000 or 0x5208',
  gasPrice: '30 gwei',
  maxFeePerGas: '40 gwei',
  maxPriorityFeePerGas: '2 gwei',
}

const overrideLabels: Record<BlockOverrideField, string> = { overrideNumber: 'Block number', overrideTime: 'Block time (unix seconds)', overrideBaseFee: 'Base fee per gas' }
const overridePlaceholders: Record<BlockOverrideField, string> = { overrideNumber: 'as the block', overrideTime: 'as the block', overrideBaseFee: 'as the block, e.g. 0' }

/** The spec's call object as a form, the block parameter, the method, and the data builder. */
export function CallForm({ network, initial, showProblems, onRun, onClear }: Props) {
  const id = useId()
  const [draft, setDraft] = useState(initial)
  const [attempted, setAttempted] = useState(showProblems)
  const built = useMemo(() => buildCall(draft), [draft])
  const loadKnownAbi = useKnownAbiLoader(network)
  const problems: Problems = built.ok ? {} : built.problems
  // Before a run is asked for, only what was typed wrong is pointed out, not what is missing.
  const shown = (field: keyof Problems) => {
    if (attempted) return problems[field] ?? null
    if (field === 'block' || field === 'args') return problems[field] ?? null
    return (draft[field as CallField] ?? '').trim() !== '' ? (problems[field] ?? null) : null
  }
  const tags = acceptedTags(network.capabilities)

  const set = (patch: Partial<CallDraft>) => setDraft((current) => ({ ...current, ...patch }))
  const setBuilder = (patch: Partial<Pick<CallDraft, 'abi' | 'fn' | 'args'>>) =>
    setDraft((current) => {
      const next = { ...current, ...patch }
      const encoded = next.fn !== '' ? builderState(next).calldata : null
      return encoded ? { ...next, data: encoded } : next
    })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    if (built.ok) onRun(draft)
  }

  /** A one-line field of the draft: the call object's (mono label, amount hint) or a block override's. */
  const input = (field: CallField | BlockOverrideField, extra?: { aside?: ReactNode; hint?: ReactNode }) => {
    const fieldId = `${id}-${field}`
    const problem = shown(field)
    const callField = field in labels
    const label = callField ? <span className="font-mono">{labels[field as CallField]}</span> : overrideLabels[field as BlockOverrideField]
    const hint = extra?.hint ?? (callField ? amountHint(field as CallField, draft[field]) : undefined)
    return (
      <Field id={fieldId} label={label} aside={extra?.aside} hint={hint} problem={problem}>
        <input
          id={fieldId}
          name={field}
          value={draft[field]}
          spellCheck={false}
          autoComplete="off"
          placeholder={callField ? placeholders[field as CallField] : overridePlaceholders[field as BlockOverrideField]}
          onChange={(event) => set({ [field]: event.target.value })}
          className={monoInputClass}
          data-testid={`call-${field}`}
          {...fieldAria(fieldId, problem)}
        />
      </Field>
    )
  }

  const failover = network.capabilities.estimateGasFailover

  return (
    <form onSubmit={submit} noValidate data-testid="call-form">
      <Panel
        title="Call object"
        actions={
          <Toggle<CallMethod>
            label="Method"
            value={draft.method}
            onChange={(method) => set({ method })}
            testId="call-method"
            options={[
              { value: 'eth_call', label: 'eth_call', title: 'Run the call and return what the contract returns' },
              { value: 'eth_estimateGas', label: 'eth_estimateGas', title: 'Estimate the gas a transaction with this call object would use' },
              { value: 'simulate', label: 'Simulate', title: 'Run the call with changed state or block, and show its logs, call trace and state changes' },
            ]}
          />
        }
      >
        <div className="space-y-4 px-5 py-5">
          <div className="grid gap-4">
            {input('from', { hint: draft.method === 'eth_call' && draft.from.trim() === '' ? 'The spec marks from as required for eth_call; left empty, the node picks its default sender.' : undefined })}
            {input('to', { hint: draft.to.trim() === '' && draft.method === 'eth_estimateGas' ? 'Empty: estimates deploying data as a new contract.' : undefined })}
          </div>
          <Field id={`${id}-data`} label={<span className="font-mono">data</span>} problem={shown('data')} hint={draft.data.trim() === '' ? 'Hex, or build it below from a signature and arguments.' : undefined}>
            <textarea
              id={`${id}-data`}
              name="data"
              rows={2}
              spellCheck={false}
              value={draft.data}
              placeholder={placeholders.data}
              onChange={(event) => set({ data: event.target.value })}
              className={`${textareaClass} break-all`}
              data-testid="call-data"
              {...fieldAria(`${id}-data`, shown('data'))}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            {input('value')}
            {input('gas', { aside: <GasCapNote network={network} gas={draft.gas} /> })}
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            {input('gasPrice')}
            {input('maxFeePerGas')}
            {input('maxPriorityFeePerGas')}
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field id={`${id}-block`} label="Block parameter" problem={shown('block')} hint="A number, a tag, or a block hash">
              <input
                id={`${id}-block`}
                list={`${id}-tags`}
                value={draft.block}
                spellCheck={false}
                autoComplete="off"
                placeholder="latest"
                onChange={(event) => set({ block: event.target.value })}
                className={monoInputClass}
                data-testid="call-block"
                {...fieldAria(`${id}-block`, shown('block'))}
              />
              <datalist id={`${id}-tags`}>
                {tags.map((tag) => (
                  <option key={tag} value={tag} />
                ))}
              </datalist>
            </Field>
            <div className="min-w-0">
              <p className="mb-1 flex min-h-5 items-baseline text-xs font-medium text-zinc-600 dark:text-zinc-400">eth_estimateGas failover</p>
              <div className="flex min-h-9 items-center gap-2" data-testid="estimate-failover" data-enabled={failover}>
                {failover ? <Badge tone="success">enabled</Badge> : <Badge>not offered by this network</Badge>}
              </div>
              <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                {failover ? 'In an outage, estimates may be answered by a partner provider.' : 'Forwarding to a partner provider in an outage needs a qualifying plan.'}
              </p>
            </div>
          </div>
        </div>
        {draft.method === 'simulate' && (
          <fieldset className="space-y-4 border-t border-zinc-100 px-5 py-5 dark:border-zinc-800" data-testid="call-overrides">
            <legend className="sr-only">Simulate with changes</legend>
            <SectionLabel>Simulate with changes</SectionLabel>
            <Field
              id={`${id}-state`}
              label="State overrides"
              problem={shown('state')}
              hint={
                <>
                  JSON, per account: <span className="font-mono">balance</span>, <span className="font-mono">nonce</span>, <span className="font-mono">code</span>, <span className="font-mono">stateDiff</span> (slot → value). Amounts as in the fields above (<span className="font-mono">100 ether</span>, decimal, 0x hex).
                </>
              }
            >
              <textarea
                id={`${id}-state`}
                name="state"
                rows={4}
                spellCheck={false}
                value={draft.state}
                placeholder={'{ "0x…": { "balance": "100 ether", "stateDiff": { "0x0": "0x1" } } }'}
                onChange={(event) => set({ state: event.target.value })}
                className={`${textareaClass} break-all`}
                data-testid="call-state"
                {...fieldAria(`${id}-state`, shown('state'))}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-3">
              {blockOverrideFields.map((field) => (
                <Fragment key={field}>{input(field)}</Fragment>
              ))}
            </div>
          </fieldset>
        )}
        <div className="border-t border-zinc-100 px-5 py-5 dark:border-zinc-800">
          <DataBuilder draft={draft} onChange={setBuilder} loadKnownAbi={loadKnownAbi} />
        </div>
        <footer className="flex flex-wrap items-center justify-between gap-3 rounded-b-2xl border-t border-zinc-100 bg-zinc-50/60 px-5 py-3.5 dark:border-zinc-800 dark:bg-zinc-900/40">
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Nothing is sent to the chain; the link keeps the whole call.</p>
          <div className="ml-auto flex items-center gap-2">
            <Button tone="ghost" onClick={onClear} data-testid="call-clear">
              Clear
            </Button>
            <Button type="submit" tone="primary" data-testid="call-run">
              Run {draft.method}
            </Button>
          </div>
        </footer>
      </Panel>
    </form>
  )
}
