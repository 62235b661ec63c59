import { blockTags } from '../../rpc/methods.ts'
import { defaultCapabilities, type Capabilities } from '../../networks/capabilities.ts'
import type { EndpointShape, UserNetworkRecord } from '../../networks/userNetworks.ts'
import { withLoopbackName } from '../../../contract/origins.ts'
import { slugify, suggestNaming, type NodeFacts } from '../../networks/nodeNaming.ts'

/**
 * The network form, read once on submit (or on "Test connection"): the inputs are uncontrolled, so the
 * key and secret are never copied into React state or a DOM attribute.
 */

/** {ws_url} from {base_url} when the user gives none: the same host, ws:// for http://, wss:// for https://. */
export function deriveWsBase(rpcBase: string): string {
  const trimmed = rpcBase.trim()
  if (/^https:\/\//i.test(trimmed)) return `wss://${trimmed.slice(8)}`
  if (/^http:\/\//i.test(trimmed)) return `ws://${trimmed.slice(7)}`
  return ''
}

export type FormReading = {
  /** What the user entered, for parseUserNetwork to check. */
  input: Record<string, unknown>
  /** undefined: keep the stored secret. */
  secret: string | undefined
  remember: boolean
}

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/** The service's two URLs with the key in them: {base_url}/v3/<key> and {ws_url}/ws/v3/<key>. */
const serviceUrlShapes = {
  http: /^(https?:\/\/[^?#\s]+?)\/v3\/([^/?#\s]+)\/?$/i,
  ws: /^(wss?:\/\/[^?#\s]+?)\/ws\/v3\/([^/?#\s]+)\/?$/i,
}

/**
 * A full URL in the service's own shape, `{base_url}/v3/<key>` (as a provider's dashboard shows it), pasted
 * as a node's URL: its base and key. Its WebSocket is then `{ws_url}/ws/v3/<key>`, which a URL derived from
 * the pasted one would miss. Null for any other URL.
 */
export function splitServiceUrl(url: string, kind: keyof typeof serviceUrlShapes = 'http'): { base: string; key: string } | null {
  const match = serviceUrlShapes[kind].exec(url.trim())
  return match ? { base: match[1]!, key: match[2]! } : null
}

/**
 * Reads the form. On an edit, an empty key field keeps `existing.key`. A URL with no key anywhere is a node's
 * own (a developer's anvil, Hardhat or geth), whichever shape is picked: the service's needs a key in its path.
 * A [::1] host is written as localhost (contract/origins.ts withLoopbackName).
 */
export function readNetworkForm(form: FormData, existing: UserNetworkRecord | null): FormReading {
  let rpcBase = withLoopbackName(text(form, 'rpcBase').trim())
  let typedWs = withLoopbackName(text(form, 'wsBase').trim())
  let typedKey = text(form, 'key').trim()
  let endpoint = endpointShapeOf(form)
  // A URL that is really the service's {base_url}/v3/<key>: read as that shape, the key in its field.
  const pasted = typedKey === '' ? splitServiceUrl(rpcBase) : null
  if (pasted) {
    rpcBase = pasted.base
    typedKey = pasted.key
    endpoint = 'service'
    const ws = splitServiceUrl(typedWs, 'ws')
    if (ws) typedWs = ws.base
    else if (/\/v3\//.test(typedWs)) typedWs = ''
  } else if (endpoint === 'service' && typedKey === '' && !existing?.key) {
    endpoint = 'url'
  }
  const wsBase = typedWs || deriveWsBase(rpcBase)
  const batch = text(form, 'maxBatchSize').trim()
  const capabilities: Record<keyof Capabilities, unknown> = {
    blockTags: blockTags.filter((tag) => tag === 'latest' || form.getAll('blockTags').includes(tag)),
    ethMethods: form.has('ethMethods'),
    blockReceipts: form.has('blockReceipts'),
    l2aRawBlockTransactions: form.has('l2aRawBlockTransactions'),
    l2bPendingTransactions: form.has('l2bPendingTransactions'),
    maxBatchSize: batch === '' ? defaultCapabilities.maxBatchSize : /^\d+$/.test(batch) ? Number(batch) : batch,
    estimateGasFailover: form.has('estimateGasFailover'),
  }
  const secret = text(form, 'secret')
  return {
    input: {
      name: text(form, 'name').trim() || slugify(text(form, 'label')),
      label: text(form, 'label'),
      chainId: text(form, 'chainId'),
      rpcBase,
      wsBase,
      ipfsUrl: text(form, 'ipfsUrl'),
      sourcesUrl: text(form, 'sourcesUrl'),
      key: typedKey === '' && existing ? existing.key : typedKey,
      endpoint,
      capabilities,
    },
    secret: secret === '' ? undefined : secret,
    remember: form.has('remember'),
  }
}

/** How the form's URLs address the node: the service's /v3/<key> paths, or the node's own URL. */
export function endpointShapeOf(form: FormData): EndpointShape {
  return text(form, 'endpoint') === 'url' ? 'url' : 'service'
}

/**
 * Writes rules into the form's inputs (uncontrolled, so into the DOM): what Test connection's probe found.
 * The user can still change them before saving.
 */
export function fillRules(form: HTMLFormElement, capabilities: Capabilities): void {
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name="blockTags"]')) {
    if (input.value === 'safe' || input.value === 'finalized') input.checked = capabilities.blockTags.includes(input.value)
  }
  const check = (name: keyof Capabilities, on: boolean) => {
    const input = form.elements.namedItem(name)
    if (input instanceof HTMLInputElement) input.checked = on
  }
  check('blockReceipts', capabilities.blockReceipts)
  check('l2aRawBlockTransactions', capabilities.l2aRawBlockTransactions)
  check('l2bPendingTransactions', capabilities.l2bPendingTransactions)
  const batch = form.elements.namedItem('maxBatchSize')
  if (batch instanceof HTMLInputElement) batch.value = String(capabilities.maxBatchSize)
}

/**
 * Writes what the node said into the fields the user left empty: its chain id, and a label and name
 * (nodeNaming.ts), so a network is added by its URL alone. Returns the chain id written, if any.
 */
export function fillFromNode(form: HTMLFormElement, facts: NodeFacts, taken: ReadonlySet<string>): { chainId: string | null } {
  const input = (name: string) => {
    const element = form.elements.namedItem(name)
    return element instanceof HTMLInputElement ? element : null
  }
  const fillEmpty = (name: string, value: string) => {
    const element = input(name)
    if (!element || element.value.trim() !== '') return false
    element.value = value
    return true
  }
  const chainId = facts.chainId !== null && fillEmpty('chainId', facts.chainId) ? facts.chainId : null
  const naming = suggestNaming(facts, taken)
  // A label typed by hand keeps the name it derives (readNetworkForm), unless a name was typed too.
  if (fillEmpty('label', naming.label) && input('name')?.value.trim() === '') fillEmpty('name', naming.name)
  return { chainId }
}

/** The form's field a problem path belongs to ("capabilities.maxBatchSize" -> "maxBatchSize"). */
export function fieldOf(path: string): string {
  if (path.startsWith('capabilities.')) return path.split('.')[1] ?? path
  return path.split('.')[0] ?? path
}
