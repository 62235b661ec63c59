import { useId, useState, type ReactNode } from 'react'
import type { Hash as HashType, Hex } from 'viem'
import { byteLength, hexToBigInt, hexToNumber, printableText } from '../../format/hex.ts'
import { formatBytes, formatGwei, formatInteger, formatWei } from '../../format/numbers.ts'
import { formatUtc } from '../../format/time.ts'
import type { Block, Uncle } from '../../rpc/schemas.ts'
import { Address } from '../../ui/Address.tsx'
import { Age } from '../../ui/Age.tsx'
import { AppLink, inlineLinkClass } from '../../ui/AppLink.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { GasBar } from '../../ui/GasBar.tsx'
import { Hash } from '../../ui/Hash.tsx'
import { HexBlock } from '../../ui/HexBlock.tsx'
import { InfoList } from '../../ui/InfoList.tsx'
import { InfoRow } from '../../ui/InfoRow.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { ViewerTimeBesideUtc } from '../../ui/ViewerTime.tsx'
import { blockPath, unclePath } from '../../urls.ts'
import { extraBlockFields, fieldLabel, fieldShape, type FieldShape } from './fields.ts'

/** What the node leaves null in the pending block (spec), shown as such. */
export function PendingValue({ testId }: { testId?: string }) {
  return (
    <span data-testid={testId} data-pending="">
      <Badge tone="warning" title="The pending block is not sealed yet: the node leaves this field null.">
        pending
      </Badge>
    </span>
  )
}

const zeroBloom = /^0x0*$/

/** The block's commitments to what it holds: full hashes, each with its copy button. */
const commitments = [
  { field: 'sha3Uncles', label: 'Uncles hash', help: 'sha3Uncles: the Keccak-256 hash of the uncles list.' },
  { field: 'stateRoot', label: 'State root', help: 'The root of the state trie after this block.' },
  { field: 'transactionsRoot', label: 'Transactions root', help: "The root of the trie of the block's transactions." },
  { field: 'receiptsRoot', label: 'Receipts root', help: "The root of the trie of the block's receipts." },
] as const satisfies ReadonlyArray<{ field: keyof Block; label: string; help: string }>

/** HeaderFields' rows: difficulty, total difficulty, size, extra data, nonce, mix hash, the roots, the bloom. */
const headerFieldCount = 7 + commitments.length

/** A hex quantity as an exact decimal, grouped; the raw hex goes beneath (InfoRow raw). */
function Quantity({ value }: { value: Hex }) {
  return <span className="tabular-nums">{formatInteger(hexToBigInt(value))}</span>
}

function FullHash({ value, to, testId, copyLabel }: { value: string; to?: string; testId?: string; copyLabel: string }) {
  return <Hash value={value} to={to} short={false} copyLabel={copyLabel} testId={testId} />
}

type BlockFieldsProps = {
  block: Block | Uncle
  kind: 'block' | 'uncle'
  /** For an uncle: the block that includes it, and where. */
  includedIn?: { id: bigint | HashType; label: string; index: number }
  /** The block id uncle links are written with (the block's number, or its hash if it has none). */
  uncleLinkId?: bigint | HashType
  /** Rows placed after the timestamp in the overview (the transactions summary of a block page, say). */
  children?: ReactNode
  /** At the right of the overview's title. */
  overviewActions?: ReactNode
  /** Right under the overview, before the header's fields (the block page's transactions). */
  afterOverview?: ReactNode
  /** The header's fields (and those beyond the spec's table) behind one "show" button until asked for. */
  foldHeader?: boolean
}

/**
 * Every field of the spec's block object, decoded with the raw value beneath: the block page's overview
 * and the uncle page (which has the same fields, less `transactions`). Null fields of the pending block say
 * "pending". Fields a node adds beyond the table follow under "More fields".
 */
export function BlockFields({ block, kind, includedIn, uncleLinkId, children, overviewActions, afterOverview, foldHeader = false }: BlockFieldsProps) {
  const [headerOpen, setHeaderOpen] = useState(!foldHeader)
  const headerId = useId()
  const gasUsed = hexToBigInt(block.gasUsed)
  const gasLimit = hexToBigInt(block.gasLimit)
  const timestamp = hexToNumber(block.timestamp)
  const number = block.number === null ? null : hexToBigInt(block.number)
  const extras = extraBlockFields(block)

  return (
    <div className="space-y-6" data-testid={`${kind}-fields`}>
      <Panel title={kind === 'uncle' ? 'Uncle' : 'Overview'} actions={overviewActions} testId={`${kind}-overview`}>
        <InfoList>
          <InfoRow label="Number" raw={block.number} testId="field-number" help="The block's height: how many blocks come before it.">
            {number === null ? (
              <PendingValue />
            ) : kind === 'uncle' ? (
              <>
                <span className="tabular-nums">{formatInteger(number)}</span>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  the height it was mined at; the canonical{' '}
                  <AppLink to={blockPath(number)} className={inlineLinkClass}>
                    block {formatInteger(number)}
                  </AppLink>{' '}
                  is another block
                </span>
              </>
            ) : (
              <span className="tabular-nums font-medium">{formatInteger(number)}</span>
            )}
          </InfoRow>
          {includedIn && (
            <InfoRow label="Included in" testId="field-included-in" help="The block that names this uncle in its uncles list, and at which index.">
              <span data-testid="uncle-including-block">
            <AppLink to={blockPath(includedIn.id)}>
              {includedIn.label}
            </AppLink>
          </span>
              <span className="text-zinc-500 dark:text-zinc-400">as uncle {includedIn.index}</span>
            </InfoRow>
          )}
          <InfoRow label="Hash" testId="field-hash" help="32 bytes: the Keccak-256 hash of the block header.">
            {block.hash === null ? <PendingValue /> : <FullHash value={block.hash} copyLabel="Copy block hash" testId="block-hash" />}
          </InfoRow>
          <InfoRow label="Parent hash" testId="field-parentHash" help="The hash of the block this one builds on.">
            <FullHash value={block.parentHash} to={blockPath(block.parentHash)} copyLabel="Copy parent hash" testId="block-parent-hash" />
          </InfoRow>
          <InfoRow label="Timestamp" raw={block.timestamp} testId="field-timestamp" help="When the block was sealed, as unix seconds.">
            <span className="tabular-nums" data-testid="block-timestamp-utc">
              {formatUtc(timestamp)}
            </span>
            <span className="text-zinc-500 dark:text-zinc-400">·</span>
            <span className="text-zinc-600 dark:text-zinc-300">
              <Age timestamp={timestamp} testId="block-age" />
            </span>
            <span className="text-xs text-zinc-500 dark:text-zinc-400" title="In your time zone, and as unix seconds">
              (<ViewerTimeBesideUtc unixSeconds={timestamp} />unix {formatInteger(timestamp)})
            </span>
          </InfoRow>
          {children}
          <InfoRow label="Uncles" testId="field-uncles" help="Blocks mined at nearly the same time and referenced by this one (proof of work only).">
            {block.uncles.length === 0 ? (
              <span className="text-zinc-500 dark:text-zinc-400">none</span>
            ) : (
              <ul className="flex flex-col gap-1">
                {block.uncles.map((uncle, index) => (
                  <li key={`${index}:${uncle}`} className="flex flex-wrap items-center gap-x-2" data-testid="uncle-row">
                    <span className="text-xs text-zinc-500 dark:text-zinc-400">#{index}</span>
                    {kind === 'block' && uncleLinkId !== undefined ? (
                      <FullHash value={uncle} to={unclePath(uncleLinkId, index)} copyLabel="Copy uncle hash" testId="uncle-link" />
                    ) : (
                      <FullHash value={uncle} copyLabel="Copy uncle hash" />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </InfoRow>
          <InfoRow label={kind === 'uncle' ? 'Miner' : 'Miner (fee recipient)'} testId="field-miner" help="20 bytes: the beneficiary address the block's fees and rewards go to.">
            {block.miner === null ? <PendingValue /> : <Address address={block.miner} short={false} testId="block-miner" />}
          </InfoRow>
          <InfoRow label="Gas used" raw={block.gasUsed} testId="field-gasUsed" help="Total gas used by all transactions in the block.">
            <Quantity value={block.gasUsed} />
            <span className="text-zinc-500 dark:text-zinc-400">of {formatInteger(gasLimit)}</span>
            <GasBar used={gasUsed} limit={gasLimit} className="w-44" />
          </InfoRow>
          <InfoRow label="Gas limit" raw={block.gasLimit} testId="field-gasLimit" help="The most gas the block's transactions may use together.">
            <Quantity value={block.gasLimit} />
          </InfoRow>
          <InfoRow label="Base fee per gas" raw={block.baseFeePerGas ?? undefined} testId="field-baseFeePerGas" help="EIP-1559 (London): the fee per gas every transaction in the block burns.">
            {block.baseFeePerGas === undefined ? (
              <span className="text-zinc-500 dark:text-zinc-400">none: the block is from before London (EIP-1559)</span>
            ) : (
              <>
                <span className="tabular-nums">{formatGwei(hexToBigInt(block.baseFeePerGas), 9)}</span>
                <span className="text-zinc-500 dark:text-zinc-400">{formatWei(hexToBigInt(block.baseFeePerGas))}</span>
              </>
            )}
          </InfoRow>
        </InfoList>
      </Panel>
      {afterOverview}
      <Panel
        title="Header"
        actions={
          <span className="flex items-center gap-3">
            <span className="text-xs text-zinc-500 dark:text-zinc-400">proof of work, roots and bloom</span>
            {foldHeader && (
              <button
                type="button"
                aria-expanded={headerOpen}
                aria-controls={headerId}
                data-testid="block-header-toggle"
                onClick={() => setHeaderOpen((open) => !open)}
                className="rounded-md px-2 py-1 text-xs font-medium text-accent-600 ring-1 ring-inset ring-zinc-200 transition-colors hover:bg-zinc-50 dark:text-accent-400 dark:ring-zinc-700 dark:hover:bg-zinc-800"
              >
                {headerOpen ? 'Hide fields' : 'Show fields'}
              </button>
            )}
          </span>
        }
        testId={`${kind}-header`}
      >
        {headerOpen ? (
          <HeaderFields block={block} id={headerId} />
        ) : (
          <p id={headerId} className="px-5 py-3.5 text-sm text-zinc-500 dark:text-zinc-400" data-testid="block-header-folded">
            {headerFieldCount} more fields: difficulty, size, extra data, nonce, mix hash, the four roots and the logs bloom
            {extras.length > 0 && `, and ${extras.length} the node sent beyond the spec's table`}.
          </p>
        )}
      </Panel>
      {headerOpen && extras.length > 0 && (
        <Panel title="More fields" actions={<span className="text-xs text-zinc-500 dark:text-zinc-400">sent by the node beyond the spec&apos;s table</span>} testId="more-fields">
          <InfoList>
            {extras.map(([name, value]) => (
              <ExtraField key={name} name={name} value={value} />
            ))}
          </InfoList>
        </Panel>
      )}
    </div>
  )
}

/** The header panel's rows: the block's difficulty, size and extra data, its nonce and mix hash, its roots and bloom. */
function HeaderFields({ block, id }: { block: Block | Uncle; id: string }) {
  const extraText = printableText(block.extraData)
  return (
    <InfoList id={id}>
      <InfoRow label="Difficulty" raw={block.difficulty} testId="field-difficulty" help="The proof-of-work difficulty target; 0 since the merge.">
        <Quantity value={block.difficulty} />
      </InfoRow>
      <InfoRow label="Total difficulty" raw={block.totalDifficulty ?? undefined} testId="field-totalDifficulty" help="The chain's summed difficulty up to this block. May be null (for an uncle, or from post-merge nodes).">
        {block.totalDifficulty == null ? <span className="text-zinc-500 dark:text-zinc-400">not given (null)</span> : <Quantity value={block.totalDifficulty} />}
      </InfoRow>
      <InfoRow label="Size" raw={block.size} testId="field-size" help="The block's size in bytes, RLP-encoded.">
        <span className="tabular-nums">{formatInteger(hexToBigInt(block.size))} bytes</span>
        {hexToBigInt(block.size) >= 1024n && <span className="text-zinc-500 dark:text-zinc-400">{formatBytes(hexToBigInt(block.size))}</span>}
      </InfoRow>
      <InfoRow label="Extra data" raw={block.extraData} testId="field-extraData" help="Free-form bytes the block's producer chose (often a client or pool name).">
        {byteLength(block.extraData) === 0 ? (
          <span className="text-zinc-500 dark:text-zinc-400">empty</span>
        ) : extraText !== null ? (
          <span className="break-all" data-testid="block-extra-text">
            “{extraText}”
          </span>
        ) : (
          <span className="text-zinc-500 dark:text-zinc-400">{formatInteger(byteLength(block.extraData))} bytes, not text</span>
        )}
      </InfoRow>
      <InfoRow label="Nonce" testId="field-nonce" help="8 bytes: the proof-of-work nonce; zero since the merge.">
        {block.nonce === null ? <PendingValue /> : <Hash value={block.nonce} short={false} copyLabel="Copy nonce" />}
      </InfoRow>
      <InfoRow label="Mix hash" testId="field-mixHash" help="Proof-of-work mix digest; since the merge, the beacon chain's randomness (prevRandao).">
        {block.mixHash === undefined ? <span className="text-zinc-500 dark:text-zinc-400">not sent</span> : <FullHash value={block.mixHash} copyLabel="Copy mix hash" />}
      </InfoRow>
      {commitments.map(({ field, label, help }) => (
        <InfoRow key={field} label={label} testId={`field-${field}`} help={help}>
          <FullHash value={block[field]} copyLabel={`Copy ${label.toLowerCase()}`} />
        </InfoRow>
      ))}
      <InfoRow label="Logs bloom" testId="field-logsBloom" help="256 bytes: a bloom filter of the addresses and topics of the block's logs.">
        {block.logsBloom === null ? (
          <PendingValue />
        ) : zeroBloom.test(block.logsBloom) ? (
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-zinc-500 dark:text-zinc-400">empty: no logs in this block</span>
            <Hash value={block.logsBloom} head={8} tail={6} copyLabel="Copy logs bloom" />
          </span>
        ) : (
          <HexBlock value={block.logsBloom} label="Copy logs bloom" testId="block-logs-bloom" />
        )}
      </InfoRow>
    </InfoList>
  )
}

function ExtraField({ name, value }: { name: string; value: unknown }) {
  const shape = fieldShape(value)
  const testId = `field-${name}`
  const label = (
    <span>
      {fieldLabel(name)}
      <span className="block font-mono text-[11px] text-zinc-500 dark:text-zinc-400">{name}</span>
    </span>
  )
  return (
    <InfoRow label={label} raw={shape.kind === 'quantity' ? shape.raw : undefined} testId={testId}>
      <ExtraFieldValue name={name} shape={shape} />
    </InfoRow>
  )
}

function ExtraFieldValue({ name, shape }: { name: string; shape: FieldShape }) {
  switch (shape.kind) {
    case 'null':
      return (
        <span className="text-zinc-500 dark:text-zinc-400">null</span>
      )
    case 'hash':
      return (
        <FullHash value={shape.value} copyLabel={`Copy ${name}`} />
      )
    case 'address':
      return (
        <Address address={shape.value} short={false} />
      )
    case 'quantity':
      return (
        <span className="tabular-nums">{formatInteger(shape.value)}</span>
      )
    case 'data':
      return (
        <HexBlock value={shape.value} label={`Copy ${name}`} />
      )
    case 'list':
    case 'other':
      return (
        <div className="w-full min-w-0">
          {shape.kind === 'list' && <p className="mb-1 text-zinc-600 dark:text-zinc-300">{shape.count === 0 ? 'empty list' : `${formatInteger(shape.count)} ${shape.count === 1 ? 'item' : 'items'}`}</p>}
          {!(shape.kind === 'list' && shape.count === 0) && (
            <pre className="max-h-60 overflow-auto rounded-lg bg-zinc-50 px-3 py-2 font-mono text-xs leading-5 text-zinc-700 ring-1 ring-inset ring-zinc-200/80 dark:bg-zinc-950/60 dark:text-zinc-300 dark:ring-zinc-800">
              {shape.json}
            </pre>
          )}
        </div>
      )
  }
}
