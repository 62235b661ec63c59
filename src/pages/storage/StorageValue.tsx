import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { hexToBytes, type Address, type Hex } from 'viem'
import { readWord, extractPacked } from '../../evm/storage/decode.ts'
import { slotHex } from '../../evm/storage/slots.ts'
import { hexToBigInt } from '../../format/hex.ts'
import { formatInteger } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { useHead } from '../../queries/head.ts'
import { RpcError } from '../../rpc/errors.ts'
import type { StateBlock } from '../../rpc/methods.ts'
import { Address as AddressView } from '../../ui/Address.tsx'
import { AppLink } from '../../ui/AppLink.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { BlockLink } from '../../ui/BlockLink.tsx'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { HashTitle } from '../../ui/HashTitle.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { HexBlock } from '../../ui/HexBlock.tsx'
import { InfoListSkeleton } from '../../ui/InfoList.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { ChainText } from '../call/formParts.tsx'
import { inputClass } from '../../ui/form.ts'
import { longBytesLimit, longBytesQuery, storageWordQuery } from '../../queries/storage.ts'
import { writeStorageState, type Resolved, type StorageState } from './storageParams.ts'
import { toolPath } from '../../urls.ts'
import { typedValue, type TypedValue } from './typedValue.ts'
import { WordBytes } from './WordBytes.tsx'

/** One reading of the word: a narrow label, so values keep their line in a half-width panel. */
function InfoRow({ label, help, children }: { label: ReactNode; help?: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-4 gap-y-1 px-5 py-2.5 sm:grid-cols-[7.5rem_minmax(0,1fr)]">
      <dt className="pt-0.5 text-sm text-zinc-500 dark:text-zinc-400" title={help}>
        {label}
      </dt>
      <dd className="flex min-h-6 min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  )
}


const utf8 = new TextDecoder('utf-8', { fatal: false })

function utf8Text(data: Hex): string {
  return utf8.decode(hexToBytes(data))
}

/** The data of short bytes: length × 2 is in the last byte, the bytes left-aligned. */
function shortBytes(word: Hex): Hex {
  const length = Number(hexToBigInt(word) & 0xffn) / 2
  return `0x${word.slice(2, 2 + length * 2)}`
}

/** A long string or bytes: its length, the data slots read, and the text (or hex). */
function LongBytes({ network, address, slot, length, block, kind }: { network: AppNetwork; address: Address; slot: bigint; length: number; block: StateBlock; kind: 'string' | 'bytes' }) {
  const tooLong = length > longBytesLimit
  const query = useQuery({ ...longBytesQuery(network, address, slot, length, block), enabled: !tooLong })
  if (tooLong) return <span className="text-zinc-500 dark:text-zinc-400">{formatInteger(length)} bytes: longer than the {formatInteger(longBytesLimit)} bytes this page reads.</span>
  if (query.error) return <ErrorPanel error={query.error} compact onRetry={() => void query.refetch()} />
  if (!query.data) return <span className="text-zinc-500 dark:text-zinc-400">Reading {Math.ceil(length / 32)} data slots…</span>
  return (
    <div className="w-full min-w-0 space-y-2">
      {kind === 'string' ? (
        <p className="rounded-lg bg-zinc-50 px-3 py-2 text-sm ring-1 ring-zinc-200/80 ring-inset dark:bg-zinc-950/60 dark:ring-zinc-800">
          <ChainText text={utf8Text(query.data.data)} testId="storage-long-text" />
        </p>
      ) : (
        <HexBlock value={query.data.data} testId="storage-long-bytes" />
      )}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {formatInteger(length)} bytes in {query.data.slots.length} slot{query.data.slots.length === 1 ? '' : 's'} from keccak256(pad32(slot)) ={' '}
        <span className="font-mono break-all">{slotHex(query.data.slots[0]!)}</span>
      </p>
    </div>
  )
}

/** The value as the layout's declared type says, first and big. */
function TypedRow({ typed, word, network, address, slot, block, onAppend }: { typed: TypedValue; word: Hex; network: AppNetwork; address: Address; slot: bigint; block: StateBlock; onAppend: (suffix: string) => void }) {
  let body: ReactNode
  if (typed.kind === 'value') {
    body =
      typed.type === 'address' || typed.type.startsWith('contract ') ? (
        <AddressView address={typed.text} short={false} testId="storage-typed-value" />
      ) : (
        <span className="font-mono text-[15px] font-semibold break-all" data-testid="storage-typed-value">
          {typed.text}
        </span>
      )
  } else if (typed.kind === 'bytes') {
    const reading = readWord(word)
    body =
      reading.shortString !== null ? (
        typed.type === 'string' ? (
          <span className="text-[15px] font-semibold">
            <ChainText text={reading.shortString} testId="storage-typed-value" />
          </span>
        ) : (
          <span className="font-mono text-[13px] break-all" data-testid="storage-typed-value">
            {shortBytes(word)}
          </span>
        )
      ) : reading.longStringLength !== null ? (
        <LongBytes network={network} address={address} slot={slot} length={reading.longStringLength} block={block} kind={typed.type} />
      ) : (
        <span className="text-amber-700 dark:text-amber-400">This word is not a {typed.type} length slot.</span>
      )
  } else if (typed.kind === 'mapping') {
    body = (
      <span className="text-zinc-600 dark:text-zinc-300">
        A mapping from <span className="font-mono">{typed.keyType}</span> to <span className="font-mono">{typed.valueType}</span>: its own slot stays empty. Add a key to the path —{' '}
        <button type="button" className="font-mono text-accent-600 hover:underline dark:text-accent-400" onClick={() => onAppend('[]')}>
          [key]
        </button>
      </span>
    )
  } else if (typed.kind === 'array') {
    body = (
      <span className="text-zinc-600 dark:text-zinc-300">
        {typed.dynamic ? (
          <>
            A dynamic array of <span className="font-mono">{typed.elementType}</span> with <span className="font-semibold text-zinc-900 tabular-nums dark:text-white" data-testid="storage-typed-value">{typed.length?.toString(10)}</span> elements (its length is this slot).
          </>
        ) : (
          <>
            A fixed array of {typed.length?.toString(10)} <span className="font-mono">{typed.elementType}</span>, from this slot on.
          </>
        )}{' '}
        Add an index —{' '}
        <button type="button" className="font-mono text-accent-600 hover:underline dark:text-accent-400" onClick={() => onAppend('[0]')}>
          [0]
        </button>
      </span>
    )
  } else {
    body = (
      <span className="flex flex-wrap items-center gap-1.5 text-zinc-600 dark:text-zinc-300">
        A struct; pick a member:
        {typed.members.map((member) => (
          <button
            key={member.label}
            type="button"
            onClick={() => onAppend(`.${member.label}`)}
            className="rounded-md bg-zinc-100 px-2 py-0.5 font-mono text-xs text-zinc-700 ring-1 ring-zinc-200 transition ring-inset hover:bg-accent-50 hover:text-accent-700 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-accent-950/50 dark:hover:text-accent-300"
          >
            .{member.label} <span className="text-zinc-500 dark:text-zinc-400">{member.type}</span>
          </button>
        ))}
      </span>
    )
  }
  return (
    <InfoRow label={<span className="font-mono">{typed.type}</span>} help="The value as the storage layout declares it">
      {body}
    </InfoRow>
  )
}

/** Every reading of the word (or of the packed bytes), side by side. */
function Readings({ word, offset, size, onReadLong, testIdPrefix = 'storage-as' }: { word: Hex; offset: number; size: number; onReadLong: (() => void) | null; testIdPrefix?: string }) {
  const reading = readWord(word, offset, size)
  const packed = size < 32
  return (
    <>
      {packed && (
        <InfoRow label="Packed bytes" help="The value's bytes, cut from the word at its offset">
          <span className="font-mono text-[13px]" data-testid={`${testIdPrefix}-packed`}>
            {extractPacked(word, offset, size)}
          </span>
        </InfoRow>
      )}
      <InfoRow label="uint">
        <span className="font-mono text-[13px] break-all" data-testid={`${testIdPrefix}-uint`}>
          {reading.uint}
        </span>
        <CopyButton value={reading.uint} label="Copy the number" />
      </InfoRow>
      <InfoRow label="int">
        <span className="font-mono text-[13px] break-all" data-testid={`${testIdPrefix}-int`}>
          {reading.int}
        </span>
      </InfoRow>
      <InfoRow label="address" help="The low-order 20 bytes">
        <AddressView address={reading.address} short={false} testId={`${testIdPrefix}-address`} />
      </InfoRow>
      <InfoRow label="bool">
        <span className="font-mono text-[13px]" data-testid={`${testIdPrefix}-bool`}>
          {reading.bool === null ? <span className="text-zinc-500 dark:text-zinc-400">not 0 or 1</span> : String(reading.bool)}
        </span>
      </InfoRow>
      {!packed && (
        <InfoRow label="bytes32">
          <span className="font-mono text-[13px] break-all" data-testid={`${testIdPrefix}-bytes32`}>
            {reading.bytes32}
          </span>
        </InfoRow>
      )}
      {!packed && (
        <InfoRow label="short string" help="Under 32 bytes: the text left-aligned, its length × 2 in the last byte">
          {reading.shortString === null ? (
            <span className="text-zinc-500 dark:text-zinc-400">not a short string</span>
          ) : reading.shortString === '' ? (
            <span className="text-zinc-500 dark:text-zinc-400" data-testid={`${testIdPrefix}-string`}>
              empty
            </span>
          ) : (
            <ChainText text={reading.shortString} testId={`${testIdPrefix}-string`} />
          )}
        </InfoRow>
      )}
      {!packed && reading.longStringLength !== null && (
        <InfoRow label="long string" help="32 bytes or more: length × 2 + 1 here, the data from keccak256(pad32(slot))">
          <span className="text-zinc-600 dark:text-zinc-300">
            if it is one: <span className="font-medium tabular-nums text-zinc-900 dark:text-white">{formatInteger(reading.longStringLength)}</span> bytes
          </span>
          {onReadLong && (
            <button type="button" onClick={onReadLong} className="text-xs font-medium text-accent-600 hover:underline dark:text-accent-400" data-testid="storage-read-long">
              Read them
            </button>
          )}
        </InfoRow>
      )}
    </>
  )
}

/** Same slot, other blocks: the neighbours of a numbered block, or the head to pin a tag to; and any block typed. */
function OtherBlocks({ network, state, block, onBlock }: { network: AppNetwork; state: StorageState; block: StateBlock; onBlock: (block: string) => void }) {
  const head = useHead(network)
  const [typed, setTyped] = useState('')
  const numbered = /^0x[0-9a-f]{1,16}$/i.test(block) ? BigInt(block) : null
  const headNumber = head.data ? hexToBigInt(head.data.number) : null
  const link = (number: bigint, children: ReactNode, testId: string) => (
    <AppLink to={toolPath('storage', writeStorageState({ ...state, block: number.toString(10) }, new URLSearchParams()))} testId={testId} className="rounded-md px-2 py-1 text-xs font-medium text-accent-600 ring-1 ring-zinc-200 transition ring-inset hover:bg-accent-50 dark:text-accent-400 dark:ring-zinc-700 dark:hover:bg-accent-950/40">
      {children}
    </AppLink>
  )
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-zinc-100 px-5 py-3 text-xs dark:border-zinc-800" data-testid="storage-blocks">
      <span className="text-zinc-500 dark:text-zinc-400">Read at block</span>
      {numbered !== null ? (
        <>
          <BlockLink number={numbered} copy={false} testId="storage-block" />
          {numbered > 0n && link(numbered - 1n, `‹ ${formatInteger(numbered - 1n)}`, 'storage-block-prev')}
          {headNumber !== null && numbered < headNumber && link(numbered + 1n, `${formatInteger(numbered + 1n)} ›`, 'storage-block-next')}
        </>
      ) : (
        <>
          <Badge testId="storage-block">{block.length === 66 ? `${block.slice(0, 10)}…` : block}</Badge>
          {headNumber !== null && block === 'latest' && link(headNumber, `pin to #${formatInteger(headNumber)}`, 'storage-block-pin')}
        </>
      )}
      <form
        className="ml-auto flex items-center gap-1.5"
        onSubmit={(event) => {
          event.preventDefault()
          if (typed.trim() !== '') onBlock(typed.trim())
          setTyped('')
        }}
      >
        <input value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="another block" aria-label="Read the same slot at another block" className={`${inputClass} h-7 w-32 text-xs`} data-testid="storage-other-block" />
        <button type="submit" className="h-7 rounded-md bg-zinc-100 px-2.5 text-xs font-medium text-zinc-700 transition hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700">
          Go
        </button>
      </form>
    </div>
  )
}

type ValueProps = {
  network: AppNetwork
  state: StorageState
  resolved: Resolved
  address: Address
  block: StateBlock
  onChange: (patch: Partial<StorageState>) => void
}

/** eth_getStorageAt at the slot, and the word read every way. */
export function StorageValue({ network, state, resolved, address, block, onChange }: ValueProps) {
  const query = useQuery(storageWordQuery(network, address, resolved.slot, block))
  const word = query.data
  const typed = word && resolved.typed ? typedValue(resolved.typed.layout, resolved.typed.typeId, word, resolved.offset, resolved.size) : null
  const longReading = word && state.as === 'string' && !typed ? readWord(word).longStringLength : null
  return (
    <Panel
      title="Value"
      testId="storage-value-panel"
      actions={
        <span className="flex min-w-0 items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          eth_getStorageAt
          <AddressView address={address} testId="storage-address" />
        </span>
      }
    >
      {query.error ? (
        <div className="p-5">
          <ErrorPanel error={query.error} compact onRetry={query.error instanceof RpcError ? undefined : () => void query.refetch()} />
        </div>
      ) : !word ? (
        <InfoListSkeleton rows={6} />
      ) : (
        <>
          <div className="space-y-2 px-5 pt-4 pb-4">
            <HashTitle value={word} copyLabel="Copy the word" testId="storage-word" look="word" />
            <WordBytes word={word} offset={resolved.offset} size={resolved.size} />
          </div>
          <div className="border-t border-zinc-100 dark:border-zinc-800">
            <dl className="divide-y divide-zinc-100 dark:divide-zinc-800/80">
              {typed && (
                <TypedRow typed={typed} word={word} network={network} address={address} slot={resolved.slot} block={block} onAppend={(suffix) => onChange({ path: `${state.path}${suffix}` })} />
              )}
              {longReading !== null && (
                <InfoRow label="long string">
                  <LongBytes network={network} address={address} slot={resolved.slot} length={longReading} block={block} kind="string" />
                </InfoRow>
              )}
              <Readings word={word} offset={resolved.offset} size={resolved.size} onReadLong={resolved.typed || state.as === 'string' ? null : () => onChange({ as: 'string' })} />
            </dl>
          </div>
        </>
      )}
      <OtherBlocks network={network} state={state} block={block} onBlock={(next) => onChange({ block: next })} />
    </Panel>
  )
}
