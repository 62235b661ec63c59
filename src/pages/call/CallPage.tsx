import { useMemo, useState } from 'react'
import { useLocation, useNavigationType, useSearchParams } from 'react-router'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { MethodUnavailable } from '../../ui/networks/MethodUnavailable.tsx'
import { offersMethod } from '../../networks/capabilities.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { builderState, buildCall, emptyDraft, readCallDraft, urlHasCall, withBuilderData, writeCallDraft, type CallDraft } from './callParams.ts'
import { CallForm } from './CallForm.tsx'
import { CallResult } from './CallResult.tsx'

/** The mark the form's own runs leave in location state. */
const formRun = { callForm: true } as const

/**
 * The call and gas console: the spec's call object as a form, run as eth_call or eth_estimateGas. The
 * URL holds the whole call, so a link reruns it; opening one with a call in it runs it at once.
 */
export function CallPage() {
  const network = useNetwork()
  const [search, setSearch] = useSearchParams()
  const location = useLocation()
  const navigationType = useNavigationType()
  const searchText = search.toString()
  const urlDraft = useMemo(() => readCallDraft(new URLSearchParams(searchText)), [searchText])
  const hasCall = urlHasCall(search)
  const built = useMemo(() => (hasCall ? buildCall(urlDraft) : null), [hasCall, urlDraft])
  const abi = useMemo(() => builderState(urlDraft).abi, [urlDraft])
  const [run, setRun] = useState(0)

  // The form starts from the URL, and starts again when the URL changes by other means (back, a link),
  // but not when it changes because the form ran: its own navigations carry a mark in location state.
  const [form, setForm] = useState({ locationKey: location.key, key: 0 })
  if (form.locationKey !== location.key) {
    const ours = navigationType !== 'POP' && (location.state as typeof formRun | null)?.callForm === true
    setForm({ locationKey: location.key, key: ours ? form.key : form.key + 1 })
  }

  const runDraft = (draft: CallDraft) => {
    const next = writeCallDraft(draft, search).toString()
    if (next === searchText) setRun((count) => count + 1)
    else setSearch(next, { state: formRun })
  }

  const clear = () => {
    const next = writeCallDraft({ ...emptyDraft }, search).toString()
    if (next === searchText) setForm({ ...form, key: form.key + 1 })
    else setSearch(next)
  }

  const offered = offersMethod(network.capabilities, 'eth_call')
  return (
    <div className="space-y-6">
      <PageHeader kicker="Tools" title="Call and gas" subtitle={`Runs a call against ${network.label} without a transaction: eth_call for its answer, eth_estimateGas for its gas, Simulate to change state or block first and see its logs, trace and state changes.`} />
      {!offered ? (
        <MethodUnavailable method="eth_call" what="Calls and gas estimates" offers={(capabilities) => offersMethod(capabilities, 'eth_call')} />
      ) : (
        // A simulation's answer (logs, a call tree, state changes) needs the page's width: it goes below the form.
        <div className={urlDraft.method === 'simulate' ? 'grid gap-6' : 'grid items-start gap-6 xl:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]'}>
          <CallForm key={form.key} network={network} initial={withBuilderData(urlDraft)} showProblems={hasCall} onRun={runDraft} onClear={clear} />
          <div className={urlDraft.method === 'simulate' ? '' : 'xl:sticky xl:top-6'}>
            <CallResult network={network} built={built} abi={abi} run={run} onRunAgain={() => setRun((count) => count + 1)} />
          </div>
        </div>
      )}
    </div>
  )
}
