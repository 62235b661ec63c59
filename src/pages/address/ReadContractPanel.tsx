import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { isAddress, toFunctionSignature, type AbiFunction, type Address as AddressType, type Hex } from 'viem'
import { readableAbi, type ReadableAbi } from '../../evm/knownAbi.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import type { StateBlock } from '../../rpc/methods.ts'
import { contractReadQuery } from '../../queries/contractRead.ts'
import { Address } from '../../ui/Address.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { Button } from '../../ui/Button.tsx'
import { explainError } from '../../ui/explainError.ts'
import { TextField } from '../../ui/Field.tsx'
import { AbiArguments, argumentsOf, FunctionSignature } from './AbiArguments.tsx'
import { useContractFunctions } from './useContractFunctions.ts'
import { PastedAbiField } from './PastedAbiField.tsx'
import type { PastedAbi } from './usePastedAbi.ts'
import { Panel } from '../../ui/Panel.tsx'
import { decodeReturn, type DecodedValue } from '../../evm/abiValues.ts'
import { ArgumentError, encodeCalldata } from '../call/abiInput.ts'
import { parseStateBlock } from '../call/callParams.ts'

type Outcome = { values: DecodedValue[] | null; raw: Hex }

/** The answer decoded with the function's outputs; null (shown raw) when it does not decode as they say. */
function decodeOrNull(fn: AbiFunction, raw: Hex): DecodedValue[] | null {
  try {
    return decodeReturn(fn, raw)
  } catch {
    return null
  }
}

/** A decoded value as the page shows it: an address as a link, anything else as text. */
function ValueText({ value }: { value: DecodedValue }) {
  if (value.type === 'address' && isAddress(value.text)) return <Address address={value.text} short={false} testId="read-value-address" />
  return <span className="break-all font-mono text-[13px]">{value.text}</span>
}

/**
 * One read function: a field per input (checked against its type when Query is pressed: nothing is sent for an
 * argument that is not one), the answer decoded with its outputs. A function without inputs is asked at once.
 */
function ReadFunction({ network, address, fn, block, index }: { network: AppNetwork; address: AddressType; fn: AbiFunction; block: StateBlock; index: number }) {
  const id = useId()
  const [problems, setProblems] = useState<Record<number, string>>({})
  // What the form last asked, as calldata: a function without inputs is asked at once (every such read leaves in
  // the same tick: one batch).
  const [asked, setAsked] = useState<Hex | null>(() => (fn.inputs.length === 0 ? encodeCalldata(fn, []) : null))
  const read = useQuery({ ...contractReadQuery(network, address, asked ?? '0x', block), enabled: asked !== null })
  const outcome: Outcome | null = read.data === undefined ? null : { raw: read.data, values: decodeOrNull(fn, read.data) }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    let data: Hex
    try {
      data = encodeCalldata(fn, argumentsOf(event.currentTarget, fn))
    } catch (error) {
      if (error instanceof ArgumentError) return setProblems({ [Math.max(0, error.index)]: error.message })
      throw error
    }
    setProblems({})
    if (data === asked) void read.refetch()
    else setAsked(data)
  }

  return (
    <li className="px-5 py-4" data-testid="read-function" data-signature={toFunctionSignature(fn)}>
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <FunctionSignature fn={fn} index={index} />
          <Button type="submit" size="sm" disabled={read.isFetching} data-testid="read-query">
            {read.isFetching ? 'Reading…' : fn.inputs.length === 0 ? 'Read again' : 'Query'}
          </Button>
        </div>
        <AbiArguments fn={fn} id={id} problems={problems} />
      </form>
      {outcome && (
        <dl className="mt-3 space-y-1 rounded-lg bg-zinc-50 px-3 py-2 text-sm ring-1 ring-inset ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800" data-testid="read-result">
          {(outcome.values ?? [{ name: '', type: 'bytes', text: outcome.raw }]).map((value, at) => (
            <div key={at} className="flex flex-wrap items-baseline gap-x-2" data-testid="read-value" data-value={value.text}>
              <dt className="text-xs text-zinc-500 dark:text-zinc-400">
                {value.name || `[${at}]`} ({value.type})
              </dt>
              <dd className="min-w-0">
                <ValueText value={value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {read.error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300" data-testid="read-error">
          {explainError(read.error).title}: {explainError(read.error).detail}
        </p>
      )}
    </li>
  )
}

const sourceWords: Record<ReadableAbi['source'], string> = {
  published: 'the ABI this deployment publishes',
  standard: 'standard ERC-20 / ERC-721 functions its code dispatches on',
  pasted: 'the ABI you pasted',
}

/**
 * Read contract: one form per view or pure function the app knows for it (evm/knownAbi.ts), at a block the user
 * picks; a proxy is read through its implementation's functions, the call still sent to the proxy.
 */
export function ReadContractPanel({ network, address, pasted }: { network: AppNetwork; address: AddressType; pasted: PastedAbi }) {
  const { ready, implementation, functions: readable } = useContractFunctions(network, address, readableAbi, pasted.abi)
  const [blockText, setBlockText] = useState('')
  const block = parseStateBlock(blockText)

  if (!ready) return null
  return (
    <Panel
      title="Read contract"
      testId="read-contract"
      actions={readable ? <Badge tone="neutral" testId="read-source">{sourceWords[readable.source]}</Badge> : undefined}
    >
      <PastedAbiField text={pasted.text} problem={pasted.problem} onText={pasted.setText} open={!readable} />
      {!readable ? (
        <p className="px-5 pb-4 text-sm text-zinc-500 dark:text-zinc-400" data-testid="read-none">
          No ABI is known for this contract: it publishes none here, and its code dispatches on no standard token function. Paste one above, or read it in the call console with calldata you write.
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-4 border-b border-zinc-100 px-5 py-4 dark:border-zinc-800">
            <div className="w-64">
              <TextField
                name="read-block"
                label="At block"
                mono
                value={blockText}
                onChange={(event) => setBlockText(event.target.value)}
                placeholder="latest"
                problem={block === null ? `"${blockText}" is not a block: a number, a tag or a block hash` : undefined}
              />
            </div>
            {implementation && (
              <p className="pb-2 text-xs text-zinc-500 dark:text-zinc-400" data-testid="read-through">
                A proxy: read with its implementation&apos;s functions (<Address address={implementation} copy={false} />), sent to this address.
              </p>
            )}
          </div>
          {block !== null && (
            <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {readable.functions.map((fn, index) => (
                <ReadFunction key={`${toFunctionSignature(fn)}-${String(block)}`} network={network} address={address} fn={fn} block={block} index={index} />
              ))}
            </ol>
          )}
        </>
      )}
    </Panel>
  )
}
