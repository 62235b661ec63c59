import { useState, type ChangeEvent } from 'react'
import { exportNetworks, planImport, type ImportPlan } from '../../networks/exchange.ts'
import { userNetworks, type UserNetworkRecord } from '../../networks/userNetworks.ts'
import { Badge } from '../../ui/Badge.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Check } from './formParts.tsx'
import { Button } from '../../ui/Button.tsx'

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Your networks to a JSON file and back. The export leaves keys and secrets out unless asked; the import
 * is checked whole first and shows what it will add or replace before anything is saved.
 */
export function ImportExport({ records, builtIn, onImported }: { records: readonly UserNetworkRecord[]; builtIn: ReadonlySet<string>; onImported: (names: string[]) => void }) {
  const [includeCredentials, setIncludeCredentials] = useState(false)
  const [text, setText] = useState('')
  const [plan, setPlan] = useState<ImportPlan | null>(null)
  const [rememberSecrets, setRememberSecrets] = useState(false)
  const [imported, setImported] = useState<number | null>(null)

  const check = (value: string) => {
    setText(value)
    setImported(null)
    setPlan(value.trim() === '' ? null : planImport(value, { builtIn, mine: new Set(records.map((record) => record.name)) }))
  }

  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    file.text().then(check, () => setPlan({ ok: false, problems: ['the file could not be read'] }))
  }

  const apply = () => {
    if (!plan?.ok) return
    for (const entry of plan.entries) {
      // An entry without a secret keeps one already stored under its name; a file without keys keeps yours too.
      const existing = records.find((record) => record.name === entry.record.name)
      const record = entry.record.key === '' && existing ? { ...entry.record, key: existing.key } : entry.record
      userNetworks.save(record, { secret: entry.secret ?? undefined, remember: rememberSecrets })
    }
    setImported(plan.entries.length)
    onImported(plan.entries.map((entry) => entry.record.name))
    setPlan(null)
    setText('')
  }

  return (
    <Panel title="Import and export" testId="import-export">
      <div className="grid gap-6 p-5 lg:grid-cols-2">
        <section className="space-y-3">
          <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Export your networks</h3>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">A JSON file with each network&apos;s addresses and rules, to use in another browser or to share.</p>
          <Check
            checked={includeCredentials}
            onChange={(event) => setIncludeCredentials(event.target.checked)}
            testId="export-include-credentials"
            label="Include project keys and secrets"
            note="Off: the file holds no credential, and whoever imports it enters their own key."
          />
          <Button
            tone="primary"
            disabled={records.length === 0}
            data-testid="export-networks"
            onClick={() => download('chainglass-networks.json', exportNetworks(records, { includeCredentials, secretOf: userNetworks.secretOf }))}
          >
            Download {records.length === 1 ? '1 network' : `${records.length} networks`}
          </Button>
        </section>
        <section className="space-y-3">
          <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Import networks</h3>
          <div className="flex flex-wrap items-center gap-2">
            <label className="inline-flex h-9 cursor-pointer items-center rounded-lg bg-white px-3.5 text-sm font-medium text-zinc-700 shadow-sm ring-1 ring-inset ring-zinc-200 transition hover:bg-zinc-50 dark:bg-zinc-800/80 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-800">
              Choose a file…
              <input type="file" accept="application/json,.json" className="sr-only" onChange={readFile} data-testid="import-file" />
            </label>
            <span className="text-xs text-zinc-500 dark:text-zinc-400">or paste its content:</span>
          </div>
          <textarea
            value={text}
            onChange={(event) => check(event.target.value)}
            rows={4}
            spellCheck={false}
            placeholder='{ "format": "chainglass-networks", "version": 1, "networks": [...] }'
            data-testid="import-text"
            className="block w-full rounded-lg bg-white px-3 py-2 font-mono text-xs text-zinc-800 shadow-sm ring-1 ring-inset ring-zinc-200 placeholder:text-zinc-400 focus:outline-none focus:ring-2 focus:ring-accent-500 dark:bg-zinc-950/60 dark:text-zinc-200 dark:ring-zinc-700 dark:placeholder:text-zinc-600"
          />
          {plan && !plan.ok && (
            <div role="alert" data-testid="import-problems" className="rounded-lg bg-red-50/70 p-3 text-xs text-red-800 ring-1 ring-red-200 dark:bg-red-950/30 dark:text-red-300 dark:ring-red-900/60">
              <p className="font-semibold">Nothing was imported:</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-4 font-mono">
                {plan.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
          {plan?.ok && (
            <div className="space-y-3" data-testid="import-plan">
              <ul className="space-y-1 text-sm">
                {plan.entries.map((entry) => (
                  <li key={entry.record.name} className="flex flex-wrap items-center gap-2">
                    <Badge tone={entry.replaces ? 'warning' : 'success'}>{entry.replaces ? 'replaces yours' : 'new'}</Badge>
                    <span className="font-medium">{entry.record.label}</span>
                    <code className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{entry.record.name}</code>
                    {entry.record.key === '' && <span className="text-xs text-amber-700 dark:text-amber-300">no key in the file</span>}
                  </li>
                ))}
              </ul>
              {plan.entries.some((entry) => entry.secret) && <Check checked={rememberSecrets} onChange={(event) => setRememberSecrets(event.target.checked)} label="Remember the imported secrets on this device" />}
              <Button tone="primary" onClick={apply} data-testid="import-apply">
                Import {plan.entries.length === 1 ? '1 network' : `${plan.entries.length} networks`}
              </Button>
            </div>
          )}
          {imported !== null && (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
              Imported {imported === 1 ? '1 network' : `${imported} networks`}.
            </p>
          )}
        </section>
      </div>
    </Panel>
  )
}
