import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useSearchParams } from 'react-router'
import { subscribeFilesCredentials } from '../../files/credentials.ts'
import { useNetworkChoice, useSamplesDescribed } from '../../ui/networks/NetworkContext.tsx'
import { userNetworks, type UserNetworkRecord } from '../../networks/userNetworks.ts'
import { Badge } from '../../ui/Badge.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Button } from '../../ui/Button.tsx'
import { ImportExport } from './ImportExport.tsx'
import { NetworkForm } from './NetworkForm.tsx'
import { NetworkRow } from './NetworkRow.tsx'
import { revealAtTop } from '../../ui/motion.ts'

type Editing = { mode: 'add'; name?: string } | { mode: 'edit'; record: UserNetworkRecord } | null

const subscribeAll = (listener: () => void) => {
  const stopNetworks = userNetworks.subscribe(listener)
  const stopCredentials = subscribeFilesCredentials(listener)
  return () => {
    stopNetworks()
    stopCredentials()
  }
}

/** /settings — the networks: the built-in ones, the user's own (add, edit, remove, test), import and export. */
export function SettingsPage() {
  const { network: current, networks, selectNetwork, defaultNetwork } = useNetworkChoice()
  useSamplesDescribed()
  const records = useSyncExternalStore(subscribeAll, userNetworks.list, userNetworks.list)
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const addName = params.get('add')
  const [editing, setEditing] = useState<Editing>(() => (addName ? { mode: 'add', name: addName } : null))
  const [saved, setSaved] = useState<string | null>(null)
  const editor = useRef<HTMLDivElement>(null)
  // The editor opens at the top of the page: bring it into view when Edit was clicked further down.
  useEffect(() => {
    if (editing) revealAtTop(editor.current)
  }, [editing])
  const startEditing = (next: Editing) => {
    setSaved(null)
    setEditing(next)
  }

  const builtIn = networks.filter((network) => network.source === 'config')
  const mine = networks.filter((network) => network.source === 'user')
  const builtInNames = new Set(builtIn.map((network) => network.name))
  const problems = userNetworks.problems()

  const close = () => {
    setEditing(null)
    if (addName !== null) {
      const next = new URLSearchParams(params)
      next.delete('add')
      setParams(next, { replace: true })
    }
  }

  const onSaved = (record: UserNetworkRecord, previousName: string | null) => {
    // What was cached for this name came from the old settings.
    for (const name of new Set([record.name, previousName ?? record.name])) queryClient.removeQueries({ queryKey: [name] })
    if (previousName !== null && previousName !== record.name && current.name === previousName) selectNetwork(record.name)
    setSaved(previousName === null ? `Added ${record.label}.` : `Saved ${record.label}.`)
    close()
  }

  const remove = (name: string) => {
    userNetworks.remove(name)
    queryClient.removeQueries({ queryKey: [name] })
    if (current.name === name) selectNetwork(defaultNetwork.name)
    setSaved(null)
  }

  const taken = (except: string | null) => new Set(networks.map((network) => network.name).filter((name) => name !== except))

  return (
    <div className="space-y-6" data-testid="settings-page">
      <PageHeader
        kicker="Settings"
        title="Networks"
        subtitle="Where chainglass reads from. Built-in networks come with this deployment; yours are kept in this browser."
        actions={
          editing === null && (
            <Button tone="primary" onClick={() => startEditing({ mode: 'add' })} data-testid="add-network">
              Add a network
            </Button>
          )
        }
      />

      {saved && (
        <p role="status" data-testid="settings-saved" className="rounded-lg bg-emerald-50 px-4 py-2 text-sm text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-950/40 dark:text-emerald-300 dark:ring-emerald-900">
          {saved}
        </p>
      )}

      {editing && (
        <div ref={editor} className="scroll-mt-36">
          <Panel title={editing.mode === 'add' ? 'Add a network' : `Edit ${editing.record.label}`} testId="network-editor">
            <div className="p-5">
              <NetworkForm
                key={editing.mode === 'edit' ? editing.record.name : 'new'}
                existing={editing.mode === 'edit' ? editing.record : null}
                taken={taken(editing.mode === 'edit' ? editing.record.name : null)}
                initialName={editing.mode === 'add' ? editing.name : undefined}
                onSaved={onSaved}
                onCancel={close}
              />
            </div>
          </Panel>
        </div>
      )}

      <Panel title="Your networks" actions={<span className="text-xs text-zinc-500 dark:text-zinc-400">Kept in this browser&apos;s storage</span>} testId="user-networks">
        {problems.length > 0 && (
          <ul className="border-b border-amber-200 bg-amber-50 px-5 py-2 text-xs text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        {mine.length === 0 ? (
          <div className="px-5 py-10 text-center text-sm text-zinc-500 dark:text-zinc-400">
            None yet. Add a hosted provider&apos;s network with its base URL and project key, or import a file.
          </div>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {mine.map((network) => {
              const record = records.find((candidate) => candidate.name === network.name)!
              return (
                <NetworkRow
                  key={network.name}
                  network={network}
                  current={network.name === current.name}
                  onShow={() => selectNetwork(network.name)}
                  onEdit={() => startEditing({ mode: 'edit', record })}
                  onRemove={() => remove(network.name)}
                  warning={
                    <>
                      {record.key === '' && <Badge tone="warning">no project key</Badge>}
                      {userNetworks.secretPlace(network.name) === 'device' && <Badge>secret on this device</Badge>}
                      {userNetworks.secretPlace(network.name) === 'session' && <Badge>secret for this tab</Badge>}
                    </>
                  }
                />
              )
            })}
          </ul>
        )}
      </Panel>

      <Panel title="Built in" actions={<span className="text-xs text-zinc-500 dark:text-zinc-400">From this deployment&apos;s /config.json</span>} testId="builtin-networks">
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {builtIn.map((network) => (
            <NetworkRow key={network.name} network={network} current={network.name === current.name} onShow={() => selectNetwork(network.name)} />
          ))}
        </ul>
      </Panel>

      <ImportExport records={records} builtIn={builtInNames} onImported={() => setSaved(null)} />
    </div>
  )
}
