import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { formatInteger } from '../../format/numbers.ts'
import { shortHex } from '../../format/hex.ts'
import { AlertIcon, SearchIcon } from '../../ui/icons.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { eventsText, parseEventDefinitions } from './eventDecoder.ts'
import {
  defaultLogCap,
  emptyLogForm,
  filterPreview,
  hasRangeConflict,
  parseLogQuery,
  parseTopic,
  rangeConflictMessage,
  topicFields,
  type LogField,
  type LogFormValues,
} from '../../logs/logQuery.ts'
import { FieldLabel, FieldNote } from './parts.tsx'
import { Button } from '../../ui/Button.tsx'
import { inputClass } from '../../ui/form.ts'

type LogFilterFormProps = {
  initial: LogFormValues
  /** The head's number, for the "last 1,000 blocks" shortcut; null while unknown. */
  head: bigint | null
  onSubmit: (values: LogFormValues) => void
}

const topicLabels = ['Topic 0 · event', 'Topic 1', 'Topic 2', 'Topic 3'] as const

/** The word a topic field stands for, when the user typed something else (a signature, an address, a number). */
function topicHint(text: string): ReactNode {
  const trimmed = text.trim()
  if (trimmed === '' || /^0x[0-9a-fA-F]{64}$/.test(trimmed)) return null
  const parsed = parseTopic(trimmed)
  if (!parsed.ok || !parsed.match) return null
  return (
    <span className="font-mono" title={parsed.match.join(' | ')}>
      = {parsed.match.map((word) => shortHex(word, 8, 6)).join(' | ')}
    </span>
  )
}

function TextField({
  field,
  label,
  aside,
  value,
  problem,
  hint,
  placeholder,
  mono = true,
  onChange,
  onBlur,
}: {
  field: LogField
  label: ReactNode
  aside?: ReactNode
  value: string
  problem?: string
  hint?: ReactNode
  placeholder?: string
  mono?: boolean
  onChange: (value: string) => void
  onBlur: () => void
}) {
  const id = `${useId()}-${field}`
  return (
    <div className="min-w-0">
      <FieldLabel htmlFor={id} aside={aside}>
        {label}
      </FieldLabel>
      <input
        id={id}
        name={field}
        value={value}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-note`}
        data-testid={`logs-field-${field}`}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className={`${inputClass} mt-1 ${mono ? 'font-mono text-[13px]' : ''}`}
      />
      <FieldNote id={`${id}-note`} problem={problem} hint={hint} testId={`logs-problem-${field}`} />
    </div>
  )
}

function Shortcut({ children, onClick, testId }: { children: ReactNode; onClick: () => void; testId: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className="rounded-full px-2.5 py-1 text-xs font-medium text-zinc-600 ring-1 ring-inset ring-zinc-200 transition hover:bg-zinc-50 hover:text-zinc-900 dark:text-zinc-400 dark:ring-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
    >
      {children}
    </button>
  )
}

/** The fields that hold something: a URL's values count as visited, so their problems show at once. */
function textFieldsOf(values: LogFormValues): LogField[] {
  return (Object.keys(values) as Array<keyof LogFormValues>).filter((key): key is LogField => key !== 'follow' && values[key] !== '')
}

/**
 * The spec's log filter object as a form: addresses, four topic positions, and a block range or a block
 * hash. Submitting writes the URL (the page runs what the URL says); problems show beneath their field once
 * the field was left or the form submitted, and the range/hash conflict shows the moment both are filled.
 */
export function LogFilterForm({ initial, head, onSubmit }: LogFilterFormProps) {
  const [values, setValues] = useState(initial)
  const [visited, setVisited] = useState<ReadonlySet<LogField>>(() => new Set(textFieldsOf(initial)))
  const [submitted, setSubmitted] = useState(false)
  const [advanced, setAdvanced] = useState(false)
  const parsed = parseLogQuery(values)
  const problems = parsed.ok ? {} : parsed.problems
  const conflict = hasRangeConflict(values)
  const decoding = parseEventDefinitions(values.events)

  const set = (field: LogField) => (value: string) => setValues((current) => ({ ...current, [field]: value }))
  const visit = (field: LogField) => () => setVisited((current) => (current.has(field) ? current : new Set([...current, field])))
  const problemOf = (field: LogField) => (submitted || visited.has(field) ? problems[field] : undefined)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!parsed.ok || decoding.problems.length > 0) return
    // A pasted JSON ABI goes into the URL as its events' signatures: short, readable, the same meaning.
    const events = values.events.trim().startsWith('[') || values.events.trim().startsWith('{') ? eventsText(decoding.events) : values.events.trim()
    onSubmit({ ...values, events })
  }

  const setRange = (fromBlock: string, toBlock: string) => setValues((current) => ({ ...current, fromBlock, toBlock, blockHash: '' }))

  return (
    <Panel testId="logs-form">
      <form onSubmit={submit} noValidate className="space-y-5 p-5">
        <TextField
          field="address"
          label="Contract addresses"
          aside="comma-separated · empty: every contract"
          value={values.address}
          problem={problemOf('address')}
          placeholder="0x… , 0x…"
          onChange={set('address')}
          onBlur={visit('address')}
        />

        <div>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {topicFields.map((field, index) => (
              <TextField
                key={field}
                field={field}
                label={topicLabels[index]}
                value={values[field]}
                problem={problemOf(field)}
                hint={topicHint(values[field])}
                placeholder="any"
                onChange={set(field)}
                onBlur={visit(field)}
              />
            ))}
          </div>
          <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
            Each position matches any value when empty, one value, or alternatives separated by <code className="rounded bg-zinc-100 px-1 font-mono text-[11px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">|</code>. An event signature such as{' '}
            <code className="rounded bg-zinc-100 px-1 font-mono text-[11px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">Transfer(address,address,uint256)</code>, an address or a number is turned into its 32-byte topic.
          </p>
        </div>

        <div>
          <div className="grid items-start gap-3 md:grid-cols-[1fr_1fr_auto_2fr]">
            <TextField field="fromBlock" label="From block" value={values.fromBlock} problem={problemOf('fromBlock')} placeholder="latest" onChange={set('fromBlock')} onBlur={visit('fromBlock')} />
            <TextField field="toBlock" label="To block" value={values.toBlock} problem={problemOf('toBlock')} placeholder="latest" onChange={set('toBlock')} onBlur={visit('toBlock')} />
            <span className="hidden pt-8 text-xs font-medium uppercase tracking-wide text-zinc-500 md:block dark:text-zinc-400">or</span>
            <TextField field="blockHash" label="Block hash" aside="one block" value={values.blockHash} problem={problemOf('blockHash')} placeholder="0x… (32 bytes)" onChange={set('blockHash')} onBlur={visit('blockHash')} />
          </div>
          {conflict ? (
            <div role="alert" data-testid="logs-range-conflict" className="mt-3 flex gap-2.5 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200 dark:bg-amber-950/40 dark:text-amber-200 dark:ring-amber-900">
              <AlertIcon className="mt-0.5 size-4 shrink-0" />
              <span>{rangeConflictMessage}</span>
            </div>
          ) : problems.range && (submitted || visited.has('fromBlock') || visited.has('toBlock')) ? (
            <p role="alert" className="mt-2 text-xs text-red-600 dark:text-red-400" data-testid="logs-problem-range">
              {problems.range}
            </p>
          ) : (
            <div className="mt-2.5 flex flex-wrap items-center gap-2">
              <span className="text-xs text-zinc-500 dark:text-zinc-400">Numbers (decimal or 0x) or tags; both default to latest.</span>
              <Shortcut testId="logs-range-whole" onClick={() => setRange('0', 'latest')}>
                Whole chain
              </Shortcut>
              {head !== null && head > 0n && (
                <Shortcut testId="logs-range-recent" onClick={() => setRange((head > 999n ? head - 999n : 0n).toString(), 'latest')}>
                  Last 1,000 blocks
                </Shortcut>
              )}
              <Shortcut testId="logs-range-latest" onClick={() => setRange('', '')}>
                Latest block
              </Shortcut>
            </div>
          )}
        </div>

        <div className="rounded-xl bg-zinc-50/80 ring-1 ring-inset ring-zinc-200/70 dark:bg-zinc-950/40 dark:ring-zinc-800">
          <button
            type="button"
            aria-expanded={advanced}
            onClick={() => setAdvanced((open) => !open)}
            data-testid="logs-advanced-toggle"
            className="flex w-full items-center justify-between gap-3 px-4 py-2.5 text-left text-sm font-medium text-zinc-700 dark:text-zinc-300"
          >
            <span>
              Decoding and limits
              <span className="ml-2 text-xs font-normal text-zinc-500 dark:text-zinc-400">
                {decoding.events.length > 0 ? `${decoding.events.length} extra ${decoding.events.length === 1 ? 'event' : 'events'}` : 'ERC-20/721 events'} · stop after {formatInteger(parsed.ok ? parsed.query.cap : defaultLogCap)} logs
              </span>
            </span>
            <span aria-hidden="true" className={`text-zinc-500 transition ${advanced ? 'rotate-90' : ''}`}>
              ›
            </span>
          </button>
          {advanced && (
            <div className="grid gap-4 border-t border-zinc-200/70 p-4 lg:grid-cols-[2fr_1fr] dark:border-zinc-800">
              <div>
                <FieldLabel htmlFor="logs-events" aside="one per line, or a JSON ABI">
                  Decode more events
                </FieldLabel>
                <textarea
                  id="logs-events"
                  name="events"
                  rows={3}
                  value={values.events}
                  spellCheck={false}
                  placeholder="event Tick(uint256 indexed counter, uint256 batch)"
                  data-testid="logs-field-events"
                  aria-invalid={decoding.problems.length > 0 ? true : undefined}
                  onChange={(event) => set('events')(event.target.value)}
                  className={`${inputClass} mt-1 h-auto py-2 font-mono text-[13px]`}
                />
                {decoding.problems.length > 0 ? (
                  <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400" data-testid="logs-problem-events">
                    {decoding.problems.join(' · ')}
                  </p>
                ) : (
                  <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                    ERC-20 and ERC-721 Transfer, Approval and ApprovalForAll are always decoded; events given here are tried first.
                  </p>
                )}
              </div>
              <div className="space-y-4">
                <TextField field="cap" label="Stop after" aside="logs" value={values.cap} problem={problemOf('cap')} placeholder={formatInteger(defaultLogCap)} mono={false} onChange={set('cap')} onBlur={visit('cap')} />
                {parsed.ok && (
                  <div>
                    <p className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Filter object</p>
                    <pre className="mt-1 max-h-32 overflow-auto rounded-lg bg-white p-2.5 font-mono text-[11px] leading-relaxed text-zinc-600 ring-1 ring-inset ring-zinc-200 dark:bg-zinc-950/60 dark:text-zinc-400 dark:ring-zinc-800" data-testid="logs-filter-preview">
                      {JSON.stringify(filterPreview(parsed.query), null, 1)}
                    </pre>
                  </div>
                )}
              </div>
            </div>
          )}
        </div>

        <div className="flex flex-wrap items-center gap-2 border-t border-zinc-100 pt-4 dark:border-zinc-800">
          <Button type="submit" tone="primary" disabled={conflict} data-testid="logs-submit">
            <SearchIcon className="size-4" />
            Search logs
          </Button>
          <Button
            tone="ghost"
            data-testid="logs-clear"
            onClick={() => {
              setValues(emptyLogForm)
              setVisited(new Set())
              setSubmitted(false)
            }}
          >
            Clear
          </Button>
          {conflict && <span className="text-xs text-amber-700 dark:text-amber-300">Clear the block range or the block hash to search.</span>}
        </div>
      </form>
    </Panel>
  )
}
