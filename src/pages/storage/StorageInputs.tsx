import { useId, useState } from 'react'
import { LayoutError, parseStorageLayout, typeOf, type StorageLayout } from '../../evm/storage/layout.ts'
import { erc1967Slot } from '../../evm/storage/slots.ts'
import { SectionLabel, monoInputClass, textareaClass } from '../call/formParts.tsx'
import { Button } from '../../ui/Button.tsx'
import { compactLayout, erc1967Names, layoutContractName, type Resolution, type StorageState } from './storageParams.ts'
import { Field, fieldAria } from '../../ui/Field.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'

type InputsProps = {
  state: StorageState
  resolution: Resolution
  onChange: (patch: Partial<StorageState>) => void
}

const problemOf = (resolution: Resolution, field: string) => (!resolution.ok && resolution.field === field ? resolution.message : null)

const chipClass = (active: boolean) =>
  `rounded-md px-2.5 py-1 text-xs font-medium ring-1 ring-inset transition ${
    active
      ? 'bg-accent-600 text-white ring-accent-600 dark:bg-accent-500 dark:ring-accent-500'
      : 'bg-white text-zinc-700 ring-zinc-200 hover:bg-zinc-50 hover:text-zinc-900 dark:bg-zinc-800/80 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-800'
  }`

/** Slot mode: a base slot (a number, an ERC-1967 slot or an ERC-7201 namespace), a struct offset, mapping keys, a packed position. */
export function SlotInputs({ state, resolution, onChange }: InputsProps) {
  const id = useId()
  const [namespace, setNamespace] = useState(state.erc7201)
  const base = state.erc1967 ? 'erc1967' : state.erc7201 !== '' ? 'erc7201' : 'slot'
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <Field
          id={`${id}-slot`}
          label="Base slot"
          problem={problemOf(resolution, 'slot')}
          hint={base === 'slot' ? 'The declared slot of the variable: decimal or 0x hex' : undefined}
        >
          {base === 'slot' ? (
            <input id={`${id}-slot`} value={state.slot} onChange={(event) => onChange({ slot: event.target.value })} placeholder="0" spellCheck={false} autoComplete="off" className={monoInputClass} data-testid="storage-slot-input" {...fieldAria(`${id}-slot`, problemOf(resolution, 'slot'))} />
          ) : (
            <div className="flex h-9 items-center justify-between gap-2 rounded-lg bg-accent-50 px-3 text-sm text-accent-800 ring-1 ring-accent-200 ring-inset dark:bg-accent-950/40 dark:text-accent-200 dark:ring-accent-900">
              <span className="truncate font-mono text-[13px]">{state.erc1967 ? erc1967Slot(state.erc1967).label : `erc7201:${state.erc7201}`}</span>
              <button type="button" onClick={() => onChange({ erc1967: null, erc7201: '' })} className="text-xs font-medium text-accent-700 hover:underline dark:text-accent-300" data-testid="storage-base-clear">
                use a slot number
              </button>
            </div>
          )}
        </Field>
        <Field id={`${id}-plus`} label="+ slots" problem={problemOf(resolution, 'plus')} hint="A struct member">
          <input id={`${id}-plus`} value={state.plus} onChange={(event) => onChange({ plus: event.target.value })} placeholder="0" spellCheck={false} autoComplete="off" className={monoInputClass} data-testid="storage-plus" {...fieldAria(`${id}-plus`, problemOf(resolution, 'plus'))} />
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-zinc-500 dark:text-zinc-400">ERC-1967</span>
        {erc1967Names.map((name) => (
          <button key={name} type="button" className={chipClass(state.erc1967 === name)} onClick={() => onChange({ erc1967: name, erc7201: '', keys: '' })} data-testid={`storage-erc1967-${name}`}>
            {name}
          </button>
        ))}
        <form
          className="ml-auto flex min-w-0 items-center gap-1.5"
          onSubmit={(event) => {
            event.preventDefault()
            if (namespace.trim() !== '') onChange({ erc1967: null, erc7201: namespace.trim() })
          }}
        >
          <label htmlFor={`${id}-ns`} className="text-xs font-medium whitespace-nowrap text-zinc-500 dark:text-zinc-400">
            ERC-7201
          </label>
          <input id={`${id}-ns`} value={namespace} onChange={(event) => setNamespace(event.target.value)} placeholder="namespace id" spellCheck={false} className={`${monoInputClass} h-7 w-44 text-xs`} data-testid="storage-erc7201" />
          <Button size="sm" type="submit" data-testid="storage-erc7201-go">
            Root
          </Button>
        </form>
      </div>
      <Field
        id={`${id}-keys`}
        label="Mapping keys"
        problem={problemOf(resolution, 'keys')}
        hint={
          <>
            Outermost first, <span className="font-mono">type:value</span>, separated by commas: <span className="font-mono">address:0xabc…,uint256:7</span> is m[0xabc…][7]. String and bytes keys are hashed unpadded.
          </>
        }
      >
        <input id={`${id}-keys`} value={state.keys} onChange={(event) => onChange({ keys: event.target.value })} placeholder="address:0x…, uint256:7, string:alice" spellCheck={false} autoComplete="off" className={monoInputClass} data-testid="storage-keys" {...fieldAria(`${id}-keys`, problemOf(resolution, 'keys'))} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-offset`} label="Packed: byte offset" problem={problemOf(resolution, 'offset')} hint="From the low-order end of the word">
          <input id={`${id}-offset`} value={state.offset} onChange={(event) => onChange({ offset: event.target.value })} placeholder="0" inputMode="numeric" className={monoInputClass} data-testid="storage-offset" {...fieldAria(`${id}-offset`, problemOf(resolution, 'offset'))} />
        </Field>
        <Field id={`${id}-size`} label="Packed: size in bytes">
          <input id={`${id}-size`} value={state.size} onChange={(event) => onChange({ size: event.target.value })} placeholder="32" inputMode="numeric" className={monoInputClass} data-testid="storage-size" />
        </Field>
      </div>
    </div>
  )
}

/** A state variable as the layout table lists it. */
type Variable = { label: string; slot: string; offset: number; typeLabel: string; selected: boolean }

function variablesOf(layout: StorageLayout, path: string): Variable[] {
  const picked = path.split(/[[.]/)[0]?.trim()
  return layout.storage.map((entry) => {
    let typeLabel = entry.type
    try {
      typeLabel = typeOf(layout, entry.type).label
    } catch {
      // an incomplete layout: show the type id
    }
    return { label: entry.label, slot: entry.slot, offset: entry.offset, typeLabel, selected: picked === entry.label }
  })
}

const variableKey = (variable: Variable) => `${variable.slot}-${variable.offset}-${variable.label}`
const selectedData = (variable: Variable) => ({ 'data-selected': String(variable.selected) })

function variableColumns(onPick: (label: string) => void): Column<Variable>[] {
  return [
    {
      key: 'label',
      header: 'Variable',
      cell: (variable) => (
        <button type="button" onClick={() => onPick(variable.label)} className="font-mono font-medium text-accent-600 hover:underline dark:text-accent-400" data-testid={`storage-variable-${variable.label}`}>
          {variable.label}
        </button>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      className: 'max-w-56 truncate font-mono text-xs text-zinc-600 dark:text-zinc-400',
      cell: (variable) => <span title={variable.typeLabel}>{variable.typeLabel}</span>,
    },
    { key: 'slot', header: 'Slot', align: 'right', className: 'font-mono text-xs tabular-nums', cell: (variable) => variable.slot },
    { key: 'offset', header: 'Offset', align: 'right', className: 'font-mono text-xs text-zinc-500 tabular-nums dark:text-zinc-400', cell: (variable) => variable.offset },
  ]
}

function layoutOf(text: string): StorageLayout | null {
  try {
    return parseStorageLayout(text)
  } catch {
    return null
  }
}

/** Layout mode: paste solc's storageLayout, pick a variable, walk into it with a path. */
export function LayoutInputs({ state, resolution, onChange }: InputsProps) {
  const id = useId()
  const [pasted, setPasted] = useState('')
  const [pasteProblem, setPasteProblem] = useState<string | null>(null)
  const layout = state.layout !== '' ? layoutOf(state.layout) : null

  const paste = (text: string) => {
    setPasted(text)
    if (text.trim() === '') return setPasteProblem(null)
    try {
      const parsed = parseStorageLayout(text)
      onChange({ layout: compactLayout(parsed), path: '' })
      setPasted('')
      setPasteProblem(null)
    } catch (error) {
      setPasteProblem(error instanceof LayoutError ? error.message : String(error))
    }
  }

  if (!layout) {
    return (
      <Field
        id={`${id}-layout`}
        label="Storage layout"
        problem={pasteProblem ?? problemOf(resolution, 'layout')}
        hint={
          <>
            Paste solc&apos;s <span className="font-mono">storageLayout</span> output (or a build artifact holding one): compile with <span className="font-mono">outputSelection</span> including{' '}
            <span className="font-mono">storageLayout</span>, or <span className="font-mono">forge inspect Contract storageLayout --json</span>.
          </>
        }
      >
        <textarea
          id={`${id}-layout`}
          rows={7}
          value={pasted}
          onChange={(event) => paste(event.target.value)}
          placeholder='{ "storage": [ { "label": "balanceOf", "slot": "0", … } ], "types": { … } }'
          spellCheck={false}
          className={textareaClass}
          data-testid="storage-layout-input"
          {...fieldAria(`${id}-layout`, pasteProblem)}
        />
      </Field>
    )
  }

  const name = layoutContractName(layout)
  return (
    <div className="space-y-4">
      <SectionLabel
        aside={
          <Button size="sm" tone="ghost" onClick={() => onChange({ layout: '', path: '' })} data-testid="storage-layout-clear">
            Paste another
          </Button>
        }
      >
        {name ? `${name} — ` : ''}
        {layout.storage.length} state variable{layout.storage.length === 1 ? '' : 's'}
      </SectionLabel>
      <DataTable
        columns={variableColumns((label) => onChange({ path: label }))}
        rows={variablesOf(layout, state.path)}
        rowKey={variableKey}
        rowData={selectedData}
        caption="The contract's state variables: click one to work out its slot"
        density="compact"
        // The box scrolls, not the window: every row is rendered (a layout has tens of variables, not thousands).
        virtualizeAbove={Infinity}
        frameClassName="max-h-64 overflow-auto rounded-lg ring-1 ring-zinc-200 ring-inset dark:ring-zinc-800"
        testId="storage-layout-variables"
      />
      <Field
        id={`${id}-path`}
        label="Path"
        problem={problemOf(resolution, 'path')}
        hint={
          <>
            Like Solidity: <span className="font-mono">allowance[0x…][0x…]</span>, <span className="font-mono">points[1].owner</span>, <span className="font-mono">byName[alice]</span>
          </>
        }
      >
        <input id={`${id}-path`} value={state.path} onChange={(event) => onChange({ path: event.target.value })} placeholder="balanceOf[0x…]" spellCheck={false} autoComplete="off" className={monoInputClass} data-testid="storage-path" {...fieldAria(`${id}-path`, problemOf(resolution, 'path'))} />
      </Field>
    </div>
  )
}
