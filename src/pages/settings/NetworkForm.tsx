import { useMutation } from '@tanstack/react-query'
import { useRef, useState, type FormEvent } from 'react'
import { blockTags } from '../../rpc/methods.ts'
import { defaultCapabilities, maxBatchLimit } from '../../networks/capabilities.ts'
import { capabilitiesFromProbe } from '../../networks/probe.ts'
import { testConnection, type Endpoint } from '../../networks/testConnection.ts'
import { parseUserNetwork, userNetworks, type EndpointShape, type UserNetworkRecord } from '../../networks/userNetworks.ts'
import { ConnectionReport } from './ConnectionReport.tsx'
import { Check } from './formParts.tsx'
import { TextField } from '../../ui/Field.tsx'
import { Button } from '../../ui/Button.tsx'
import { fieldOf, fillFromNode, fillRules, readNetworkForm } from './networkForm.ts'

type Problems = Record<string, string>

/** The form's fields in the order they are shown, to focus the first one with a problem. */
const fieldOrder = ['label', 'name', 'rpcBase', 'wsBase', 'chainId', 'ipfsUrl', 'sourcesUrl', 'key', 'maxBatchSize']

const tagNotes: Partial<Record<(typeof blockTags)[number], string>> = {
  latest: 'always',
  safe: 'if not, safe is sent as finalized',
}

/**
 * Adds a network, or edits one of the user's. Checked on save with the same rules as an import; "Test
 * connection" tries what is in the form right now, saved or not.
 */
export function NetworkForm({
  existing,
  taken,
  initialName,
  onSaved,
  onCancel,
}: {
  existing: UserNetworkRecord | null
  /** Names other networks use. */
  taken: ReadonlySet<string>
  initialName?: string
  onSaved: (record: UserNetworkRecord, previousName: string | null) => void
  onCancel: () => void
}) {
  const form = useRef<HTMLFormElement>(null)
  const [problems, setProblems] = useState<Problems>({})
  const [expectedChainId, setExpectedChainId] = useState(existing?.chainId ?? '')
  // The form is where rules are found out: its test also probes what the network offers.
  const test = useMutation({ mutationFn: (endpoint: Endpoint) => testConnection(endpoint, { probe: true }) })
  const capabilities = existing?.capabilities ?? defaultCapabilities
  const secretPlace = existing ? userNetworks.secretPlace(existing.name) : 'none'
  const editing = existing !== null
  // Only the hints follow it: the inputs stay uncontrolled (the key is never in React state).
  const [shape, setShape] = useState<EndpointShape>(existing?.endpoint ?? 'service')
  const [rulesProbed, setRulesProbed] = useState(false)

  /** The form as a checked network, or the problems by field. */
  const read = () => {
    const reading = readNetworkForm(new FormData(form.current!), existing)
    const parsed = parseUserNetwork(reading.input, taken)
    const found: Problems = {}
    if (!parsed.ok) for (const issue of parsed.issues) found[fieldOf(issue.path)] ??= issue.message
    setProblems(found)
    const first = fieldOrder.find((field) => found[field] !== undefined)
    if (first) {
      // Bring the first problem into view: it may be far above the Save button.
      const input = form.current?.elements.namedItem(first)
      if (input instanceof HTMLInputElement) input.focus()
    }
    return parsed.ok && Object.keys(found).length === 0 ? { ...reading, record: parsed.record } : null
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = read()
    if (!checked) return
    userNetworks.save(checked.record, { secret: checked.secret, remember: checked.remember, previousName: existing?.name })
    onSaved(checked.record, existing?.name ?? null)
  }

  const runTest = () => {
    const reading = readNetworkForm(new FormData(form.current!), existing)
    const rpcBase = String(reading.input.rpcBase)
    const wsBase = String(reading.input.wsBase)
    const found: Problems = {}
    if (!/^https?:\/\/\S+$/.test(rpcBase)) found.rpcBase = 'Enter the base URL first (http:// or https://)'
    if (!/^wss?:\/\/\S+$/.test(wsBase)) found.wsBase = 'Enter the WebSocket URL first (ws:// or wss://)'
    setProblems(found)
    if (Object.keys(found).length > 0) return
    const chainId = String(reading.input.chainId).trim()
    const endpoint = reading.input.endpoint as EndpointShape
    // The shape the URLs were read as (a URL with no key is a node's own), shown as picked.
    const radios = form.current!.elements.namedItem('endpoint')
    if (radios instanceof RadioNodeList) radios.value = endpoint
    setShape(endpoint)
    setExpectedChainId(chainId)
    test.mutate(
      { name: String(reading.input.name), rpcBase, wsBase, key: String(reading.input.key), chainId, endpoint },
      {
        // What the node's answers show, written into the form: the user may still change any of it.
        onSuccess: (result) => {
          if (!result.offers || !form.current) return
          const filled = fillFromNode(form.current, { rpcBase, chainId: result.http.ok ? result.http.chainId : result.offers.chainId, clientVersion: result.offers.clientVersion }, taken)
          if (filled.chainId) setExpectedChainId(filled.chainId)
          const current = parseUserNetwork(readNetworkForm(new FormData(form.current), existing).input, new Set())
          fillRules(form.current, capabilitiesFromProbe(result.offers, current.ok ? current.record.capabilities : defaultCapabilities))
          setRulesProbed(true)
        },
      },
    )
  }

  const useChainId = (chainId: string) => {
    const input = form.current?.elements.namedItem('chainId')
    if (input instanceof HTMLInputElement) input.value = chainId
    setExpectedChainId(chainId)
    setProblems(({ chainId: _, ...rest }) => rest)
  }

  return (
    <form ref={form} onSubmit={submit} noValidate data-testid="network-form" className="space-y-6">
      <div className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
        <TextField name="label" label="Label" defaultValue={existing?.label} placeholder="My Sepolia" problem={problems.label} hint="Shown in the network menu and on every page." />
        <TextField
          name="name"
          label="Name"
          mono
          defaultValue={existing?.name ?? initialName}
          placeholder="derived from the label"
          problem={problems.name}
          hint={
            <>
              In links as <code className="font-mono">?network=name</code>: lowercase letters, digits and dashes.
            </>
          }
        />
        <fieldset className="sm:col-span-2" data-testid="field-endpoint">
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Endpoint</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-700 dark:text-zinc-300">
            <label className="flex items-center gap-2">
              <input type="radio" name="endpoint" value="service" defaultChecked={shape === 'service'} onChange={() => setShape('service')} data-testid="endpoint-service" />
              <span>
                A node-access service: <code className="font-mono text-[13px]">{'{base_url}/v3/<key>'}</code>
              </span>
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="endpoint" value="url" defaultChecked={shape === 'url'} onChange={() => setShape('url')} data-testid="endpoint-url" />
              <span>
                A node&apos;s own URL (<code className="font-mono text-[13px]">http://127.0.0.1:8545</code>, a provider&apos;s <code className="font-mono text-[13px]">…/v2</code>)
              </span>
            </label>
          </div>
        </fieldset>
        <TextField
          name="rpcBase"
          label={shape === 'url' ? 'Endpoint URL' : <>Base URL <code className="font-normal text-zinc-500 dark:text-zinc-400">{'{base_url}'}</code></>}
          mono
          type="url"
          defaultValue={existing?.rpcBase}
          placeholder={shape === 'url' ? 'http://127.0.0.1:8545' : 'https://provider.example/network'}
          problem={problems.rpcBase}
          hint={shape === 'url' ? 'Requests go to this URL, with the key (if any) as its last path segment: keep the key in its own field. A URL ending in /v3/<key> is read as the service’s shape.' : 'Requests go to {base_url}/v3/<key>.'}
        />
        <TextField
          name="wsBase"
          label={shape === 'url' ? 'WebSocket endpoint URL' : <>WebSocket URL <code className="font-normal text-zinc-500 dark:text-zinc-400">{'{ws_url}'}</code></>}
          mono
          defaultValue={existing?.wsBase}
          placeholder="derived from the URL above"
          problem={problems.wsBase}
          hint={shape === 'url' ? 'Subscriptions go to this URL (with the key, if any, as above).' : 'Subscriptions go to {ws_url}/ws/v3/<key>.'}
        />
        <TextField name="chainId" label="Chain id" mono defaultValue={existing?.chainId} placeholder="0xaa36a7 or 11155111" problem={problems.chainId} hint="Hex or decimal; Test connection can fill it in." />
        <TextField name="ipfsUrl" label={<>File store URL <code className="font-normal text-zinc-500 dark:text-zinc-400">{'{ipfs_url}'}</code> (optional)</>} mono defaultValue={existing?.ipfsUrl ?? ''} placeholder="https://ipfs.provider.example:5001" problem={problems.ipfsUrl} />
        <TextField
          name="sourcesUrl"
          label="Verified sources (optional)"
          mono
          defaultValue={existing?.sourcesUrl ?? ''}
          placeholder="https://repo.sourcify.dev"
          problem={problems.sourcesUrl}
          hint="A repository in Sourcify's layout (…/contracts/full_match/<chainId>/<address>/metadata.json): contract pages show and check their source from it."
        />
        <TextField
          name="key"
          label="Project key"
          mono
          type="password"
          autoComplete="off"
          placeholder={editing && existing.key !== '' ? 'stored: type to replace' : shape === 'url' ? 'none, or the key the URL ends with' : 'your project key'}
          problem={problems.key}
          hint="It goes only into the request path: never into a link, the page or a log."
        />
        <TextField
          name="secret"
          label="Project secret (optional)"
          mono
          type="password"
          autoComplete="new-password"
          placeholder={secretPlace === 'none' ? 'for the file store only' : 'stored: type to replace'}
          hint={secretPlace === 'device' ? 'Stored on this device.' : secretPlace === 'session' ? 'Stored for this tab only.' : 'Used for the file store (HTTP Basic); JSON-RPC needs only the key.'}
        />
        <div className="sm:col-span-2">
          <Check name="remember" defaultChecked={secretPlace === 'device'} testId="field-remember" label="Remember the secret on this device" note="Otherwise it is kept for this tab only (sessionStorage) and forgotten when the tab closes." />
        </div>
      </div>

      <fieldset className="rounded-xl p-4 ring-1 ring-inset ring-zinc-200 dark:ring-zinc-800">
        <legend className="px-1.5 text-xs font-semibold uppercase tracking-[0.06em] text-zinc-500 dark:text-zinc-400">Rules of this network</legend>
        <p className="mb-3 text-xs text-zinc-500 dark:text-zinc-400" data-testid="rules-source">
          {rulesProbed ? 'Filled in from what the node answered to Test connection; change any you know better.' : 'Test connection asks the node and fills these in.'}
        </p>
        <div className="grid gap-x-8 gap-y-5 md:grid-cols-2">
          <div>
            <p className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Accepted block tags</p>
            <div className="mt-2 space-y-1.5">
              {blockTags.map((tag) => (
                <Check
                  key={tag}
                  name="blockTags"
                  value={tag}
                  testId={`field-tag-${tag}`}
                  defaultChecked={capabilities.blockTags.includes(tag)}
                  disabled={tag === 'latest'}
                  label={<code className="font-mono text-[13px]">{tag}</code>}
                  note={tagNotes[tag]}
                />
              ))}
            </div>
          </div>
          <div className="space-y-1.5">
            <p className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Methods it offers</p>
            <Check name="ethMethods" testId="field-ethMethods" defaultChecked={capabilities.ethMethods} label={<code className="font-mono text-[13px]">eth_*</code>} note="Off for a Starknet-style network." />
            <Check name="blockReceipts" testId="field-blockReceipts" defaultChecked={capabilities.blockReceipts} label={<code className="font-mono text-[13px]">eth_getBlockReceipts</code>} />
            <Check name="l2aRawBlockTransactions" testId="field-l2a" defaultChecked={capabilities.l2aRawBlockTransactions} label={<code className="font-mono text-[13px]">l2a_getRawBlockTransactions</code>} />
            <Check name="l2bPendingTransactions" testId="field-l2b" defaultChecked={capabilities.l2bPendingTransactions} label={<code className="font-mono text-[13px]">l2b_pendingTransactions</code>} />
            <div className="pt-3">
              <TextField
                name="maxBatchSize"
                label="Batch limit (calls per request)"
                type="number"
                min={1}
                max={maxBatchLimit}
                inputMode="numeric"
                defaultValue={capabilities.maxBatchSize}
                problem={problems.maxBatchSize}
                className="max-w-48"
              />
            </div>
            <div className="pt-2">
              <Check name="estimateGasFailover" testId="field-failover" defaultChecked={capabilities.estimateGasFailover} label="eth_estimateGas failover forwarding is enabled on the plan" />
            </div>
          </div>
        </div>
      </fieldset>

      {test.data && (
        <ConnectionReport
          result={test.data}
          expectedChainId={expectedChainId}
          endpoints={test.variables ? { http: test.variables.rpcBase, websocket: test.variables.wsBase } : undefined}
          onUseChainId={useChainId}
        />
      )}

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" tone="primary" data-testid="network-save">
          {editing ? 'Save changes' : 'Add network'}
        </Button>
        <Button onClick={runTest} disabled={test.isPending} data-testid="network-form-test">
          {test.isPending ? 'Testing…' : 'Test connection'}
        </Button>
        <Button tone="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <p className="basis-full pt-1 text-xs text-zinc-500 dark:text-zinc-400" data-testid="network-form-policy">
          The page may connect only where this deployment&apos;s security policy allows: nodes on this machine (127.0.0.1 and localhost, any port) unless its operator set a
          list, and the addresses its operator added. A network elsewhere fails its connection test until the operator allows it.
        </p>
      </div>
    </form>
  )
}
