import { useEffect, useMemo, useState } from 'react'
import { useLocation, useNavigation, useNavigationType, useSearchParams } from 'react-router'
import { offersMethod } from '../../networks/capabilities.ts'
import { MethodUnavailable } from '../../ui/networks/MethodUnavailable.tsx'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { acceptedTags } from '../../networks/tags.ts'
import { CubeIcon } from '../../ui/icons.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Toggle } from '../../ui/Toggle.tsx'
import { monoInputClass } from '../call/formParts.tsx'
import { SlotSteps } from './SlotSteps.tsx'
import { LayoutInputs, SlotInputs } from './StorageInputs.tsx'
import { readStorageState, readTarget, resolveStorage, writeStorageState, type StorageMode, type StorageState } from './storageParams.ts'
import { StorageValue } from './StorageValue.tsx'
import { Field, fieldAria } from '../../ui/Field.tsx'

/** How long typing may pause before the URL (and the read) follows. */
const urlDelayMs = 250

/** What the form puts in `location.state` of the URLs it writes, to tell them from any other navigation. */
const formWrite = { storageForm: true } as const

/**
 * The form state, kept in the URL: edits apply at once on the page and reach the URL a moment later
 * (replacing the entry, so typing does not fill the history). A URL reached any other way — back, a
 * link to another block — starts the form again from it. The form's own writes are told apart by their
 * location state, not by comparing URLs: several may be in flight while the router is slow, and a
 * keystroke made meanwhile must survive them.
 */
function useUrlState() {
  const [search, setSearch] = useSearchParams()
  const location = useLocation()
  const navigationType = useNavigationType()
  const searchText = search.toString()
  const [local, setLocal] = useState(() => ({ state: readStorageState(search), key: location.key, search: searchText, replaced: [] as string[] }))
  // A history entry the form replaced is gone for good: no navigation can lead back to it. A render that still
  // shows its location is React rendering an older router state while a newer one is pending (router updates
  // are transitions), and must not reset what is being typed to that older URL.
  if (local.key !== location.key && !local.replaced.includes(location.key)) {
    const key = location.key
    const ours = navigationType !== 'POP' && (location.state as typeof formWrite | null)?.storageForm === true
    const fromUrl = readStorageState(new URLSearchParams(searchText))
    // A navigation that leaves the form's own parameters as they were (another part of the app replacing
    // the entry, a network switch) must not wipe what is being typed: only new form parameters reset it.
    const sameForm = (previous: string) => JSON.stringify(readStorageState(new URLSearchParams(previous))) === JSON.stringify(fromUrl)
    // Functional, so an edit queued before this adjustment is kept when React rebases the two.
    setLocal((current) => {
      if (current.key === key || current.replaced.includes(key)) return current
      // The last 20 are plenty: a stale render lags the router by a write or two.
      const replaced = navigationType === 'REPLACE' ? [...current.replaced, current.key].slice(-20) : current.replaced
      return ours || sameForm(current.search) ? { ...current, key, search: searchText, replaced } : { state: fromUrl, key, search: searchText, replaced }
    })
  }
  const wanted = writeStorageState(local.state, new URLSearchParams(searchText)).toString()
  // Not while the router is on its way somewhere (a search, a link): the form's write would be a navigation
  // of its own and cancel that one. Once it has arrived, the page is gone or its URL is new.
  const navigating = useNavigation().state !== 'idle'
  useEffect(() => {
    if (wanted === searchText || navigating) return
    const timer = setTimeout(() => setSearch(wanted, { replace: true, state: formWrite }), urlDelayMs)
    return () => clearTimeout(timer)
  }, [wanted, searchText, setSearch, navigating])
  const update = (patch: Partial<StorageState>) => setLocal((current) => ({ ...current, state: { ...current.state, ...patch } }))
  const urlState = useMemo(() => readStorageState(new URLSearchParams(searchText)), [searchText])
  return { state: local.state, urlState, update }
}

const rules: Array<[string, string]> = [
  ['x at slot p', 'value types pack into p from the low-order end; the offset counts bytes from there'],
  ['m[k]', 'keccak256(pad32(k) ‖ pad32(p)); string and bytes keys unpadded: keccak256(k ‖ pad32(p))'],
  ['a[i], a dynamic', 'length at p; elements from keccak256(pad32(p)) + i × size / 32'],
  ['string, bytes', 'under 32 bytes: in p, length × 2 in its last byte; else length × 2 + 1 in p, data from keccak256(pad32(p))'],
  ['ERC-1967', "keccak256('eip1967.proxy.implementation') − 1 (admin, beacon alike)"],
  ['ERC-7201', 'keccak256(abi.encode(uint256(keccak256(id)) − 1)) & ~0xff'],
]

/** The layout rules at a glance, beside the inputs that apply them. */
function Rules() {
  return (
    <div className="rounded-xl bg-zinc-50 px-4 py-3.5 ring-1 ring-zinc-200/70 ring-inset dark:bg-zinc-950/40 dark:ring-zinc-800">
      <p className="text-[11px] font-semibold tracking-[0.08em] text-zinc-500 uppercase dark:text-zinc-400">Where Solidity puts things</p>
      <dl className="mt-2.5 space-y-2 text-xs leading-5">
        {rules.map(([what, where]) => (
          <div key={what}>
            <dt className="font-mono font-medium text-zinc-800 dark:text-zinc-200">{what}</dt>
            <dd className="text-zinc-500 dark:text-zinc-400">{where}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

function EmptyValue({ reason }: { reason: string }) {
  return (
    <Panel title="Value" testId="storage-value-panel">
      <div className="flex flex-col items-center px-6 py-12 text-center">
        <span className="flex size-11 items-center justify-center rounded-2xl bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
          <CubeIcon className="size-5" />
        </span>
        <p className="mt-3 max-w-xs text-sm text-zinc-500 dark:text-zinc-400" data-testid="storage-value-empty">
          {reason}
        </p>
      </div>
    </Panel>
  )
}

/**
 * The storage-slot calculator: where a value lives (every Solidity layout rule, step by step), and what is
 * there — eth_getStorageAt at any block, read as every type it could be.
 */
export function StoragePage() {
  const network = useNetwork()
  const { state, urlState, update } = useUrlState()
  const id = 'storage'
  const resolution = useMemo(() => resolveStorage(state), [state])
  // The read follows the URL (a moment behind the typing), so each keystroke does not ask the node.
  const urlResolution = useMemo(() => resolveStorage(urlState), [urlState])
  const target = readTarget(state)
  const urlTarget = readTarget(urlState)
  const tags = acceptedTags(network.capabilities)

  if (!offersMethod(network.capabilities, 'eth_getStorageAt')) {
    return (
      <div className="space-y-6">
        <PageHeader kicker="Tools" title="Storage slots" />
        <MethodUnavailable method="eth_getStorageAt" what="Storage reads" offers={(capabilities) => offersMethod(capabilities, 'eth_getStorageAt')} />
      </div>
    )
  }

  const addressProblem = target && 'problem' in target && target.problem === 'address' ? target.message : null
  const blockProblem = target && 'problem' in target && target.problem === 'block' ? target.message : null

  return (
    <div className="space-y-6">
      <PageHeader kicker="Tools" title="Storage slots" subtitle="Where a contract keeps a value — each step of the slot formula — and what is there, at any block." />
      <Panel
        title="Where to look"
        actions={
          <Toggle<StorageMode>
            label="How to name the slot"
            value={state.mode}
            onChange={(mode) => update({ mode })}
            testId="storage-mode"
            options={[
              { value: 'slot', label: 'Slot and keys', title: 'A slot number, ERC-1967 / ERC-7201 slots, mapping keys' },
              { value: 'layout', label: 'Storage layout', title: "Variables by name, from solc's storageLayout" },
            ]}
          />
        }
      >
        <div className="grid gap-x-8 gap-y-5 px-5 py-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="space-y-4">
            <Field id={`${id}-address`} label="Contract" problem={addressProblem} hint={state.address === '' ? 'The address to read; the slot is computed without one.' : undefined}>
              <input
                id={`${id}-address`}
                value={state.address}
                onChange={(event) => update({ address: event.target.value })}
                placeholder="0x… contract address"
                spellCheck={false}
                autoComplete="off"
                className={monoInputClass}
                data-testid="storage-address-input"
                {...fieldAria(`${id}-address`, addressProblem)}
              />
            </Field>
            <Field id={`${id}-block`} label="Block parameter" problem={blockProblem} hint="A number, a tag, or a block hash; empty is latest">
              <input
                id={`${id}-block`}
                list={`${id}-tags`}
                value={state.block}
                onChange={(event) => update({ block: event.target.value })}
                placeholder="latest"
                spellCheck={false}
                autoComplete="off"
                className={monoInputClass}
                data-testid="storage-block-input"
                {...fieldAria(`${id}-block`, blockProblem)}
              />
              <datalist id={`${id}-tags`}>
                {tags.map((tag) => (
                  <option key={tag} value={tag} />
                ))}
              </datalist>
            </Field>
            <Rules />
          </div>
          <div className="min-w-0 lg:border-l lg:border-zinc-100 lg:pl-8 dark:lg:border-zinc-800">
            {state.mode === 'slot' ? <SlotInputs state={state} resolution={resolution} onChange={update} /> : <LayoutInputs state={state} resolution={resolution} onChange={update} />}
          </div>
        </div>
      </Panel>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        {resolution.ok ? (
          <SlotSteps steps={resolution.resolved.steps} slot={resolution.resolved.slot} offset={resolution.resolved.offset} size={resolution.resolved.size} />
        ) : (
          <Panel title="Slot" testId="storage-slot-panel">
            <p className="px-5 py-10 text-center text-sm text-zinc-500 dark:text-zinc-400">
              {resolution.message ?? (state.mode === 'layout' ? (state.layout === '' ? 'Paste a storage layout, then pick a variable.' : 'Pick a variable, or write a path.') : 'Give a slot, or pick an ERC-1967 or ERC-7201 slot.')}
            </p>
          </Panel>
        )}
        {urlResolution.ok && urlTarget && 'address' in urlTarget ? (
          <StorageValue network={network} state={urlState} resolved={urlResolution.resolved} address={urlTarget.address} block={urlTarget.block} onChange={update} />
        ) : (
          <EmptyValue reason={!resolution.ok ? 'The value is read once the slot is known.' : target === null ? 'Give the contract address to read the slot.' : 'Reading…'} />
        )}
      </div>
    </div>
  )
}
