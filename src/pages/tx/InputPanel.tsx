import { useQuery } from '@tanstack/react-query'
import type { Address as AddressType, Hex } from 'viem'
import { formatChainId } from '../../format/hex.ts'
import { formatInteger } from '../../format/numbers.ts'
import { formatV, formatYParity } from '../../format/signature.ts'
import type { Transaction } from '../../rpc/schemas.ts'
import { Address } from '../../ui/Address.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { HexBlock } from '../../ui/HexBlock.tsx'
import { InfoList } from '../../ui/InfoList.tsx'
import { InfoRow } from '../../ui/InfoRow.tsx'
import { Panel } from '../../ui/Panel.tsx'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { isToken, tokenQuery, type TokenInfo } from '../../queries/token.ts'
import { describeCalldata, type CalldataArgument as DecodedArgument, type CalldataWord, type WordGuess } from '../../evm/names/calldata.ts'
import { useNames } from '../../queries/names.ts'
import { formatTokenAmount } from './tokenAmount.ts'
import { Absent, Mono, Note } from './parts.tsx'

/** ERC-20 functions whose `value` argument is an amount of the called token. */
const tokenAmountFunctions = new Set(['transfer(address,uint256)', 'approve(address,uint256)', 'transferFrom(address,address,uint256)'])

function ArgumentValue({ argument, token }: { argument: DecodedArgument; token: TokenInfo | null }) {
  const { type, value } = argument
  if (type === 'address' && typeof value === 'string') return <Address address={value} short={false} />
  if (typeof value === 'bigint') {
    const decimals = token?.decimals ?? null
    return (
      <span className="inline-flex flex-wrap items-center gap-x-2 tabular-nums" data-testid={`tx-input-arg-${argument.name}`} data-value={value.toString(10)}>
        {decimals !== null ? (
          <>
            <span>
              {formatTokenAmount(value, decimals)}
              {token?.symbol && <span className="ml-1 text-zinc-500 dark:text-zinc-400">{token.symbol}</span>}
            </span>
            <span className="text-zinc-500 dark:text-zinc-400">{formatInteger(value)} base units</span>
          </>
        ) : (
          formatInteger(value)
        )}
        <CopyButton value={value.toString(10)} label="Copy number" />
      </span>
    )
  }
  if (typeof value === 'boolean') return <span className="font-mono text-[13px]">{String(value)}</span>
  return <Mono>{String(value)}</Mono>
}

const guessTone: Record<WordGuess, string> = {
  zero: 'text-zinc-500 dark:text-zinc-400',
  address: 'text-accent-700 dark:text-accent-300',
  'small number': 'text-emerald-700 dark:text-emerald-300',
  'offset or length': 'text-amber-700 dark:text-amber-300',
  'negative number': 'text-red-700 dark:text-red-300',
  'bytes32 or large number': 'text-zinc-700 dark:text-zinc-300',
}

/** Calldata no known ABI decodes: the arguments as 32-byte words, each with what it most likely is. */
function GuessedWords({ words, trailingBytes }: { words: readonly CalldataWord[]; trailingBytes: number }) {
  if (words.length === 0) return <Note>No arguments after the selector.</Note>
  return (
    <div className="w-full min-w-0">
      <p className="mb-1.5 text-xs text-zinc-500 dark:text-zinc-400">No known signature: the arguments as 32-byte words, with a guess at each (a guess, not a decoding).</p>
      <table className="w-full text-sm" data-testid="tx-input-words">
        <caption className="sr-only">Argument words and guessed types</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Offset</th>
            <th scope="col">Word</th>
            <th scope="col">Guess</th>
          </tr>
        </thead>
        <tbody>
          {words.map((word) => (
            <tr key={word.offset} className="border-t border-zinc-100 first:border-t-0 dark:border-zinc-800" data-testid="tx-input-word">
              <td className="w-14 py-1 pr-2 align-top font-mono text-xs text-zinc-500 tabular-nums dark:text-zinc-400">0x{word.offset.toString(16).padStart(2, '0')}</td>
              <td className="min-w-0 py-1 pr-2 font-mono text-[12px] break-all text-zinc-800 dark:text-zinc-200">{word.hex.slice(2)}</td>
              <td className={`w-36 py-1 text-right align-top text-xs whitespace-nowrap ${guessTone[word.guess]}`} data-testid="tx-input-word-guess">
                {word.guess}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {trailingBytes > 0 && <Note>and {trailingBytes} trailing bytes (not a whole word)</Note>}
    </div>
  )
}

function InputSummary({ network, transaction }: { network: AppNetwork; transaction: Transaction }) {
  const names = useNames(network)
  const summary = describeCalldata(transaction.input, names, transaction.to)
  // A token call's amount reads best in the token's units: ask the callee for its decimals (cached with the logs').
  const amountCall = summary.kind === 'known' && tokenAmountFunctions.has(summary.signature) && transaction.to !== null
  const token = useQuery({ ...tokenQuery(network, (transaction.to ?? `0x${'0'.repeat(40)}`) as AddressType), enabled: amountCall })
  const tokenInfo = amountCall && isToken(token.data) ? token.data : null
  const amountArgument = summary.kind === 'known' ? summary.args.filter((argument) => argument.type === 'uint256').at(-1)?.name : undefined
  switch (summary.kind) {
    case 'empty':
      return <Note>No input data: a plain ether transfer.</Note>
    case 'creation':
      return <Note>Creation code: the input runs once and its result becomes the new contract’s code.</Note>
    case 'data':
      return <Note>Fewer than 4 bytes: not a function call.</Note>
    case 'known':
    case 'unknown':
      return (
        <div className="w-full min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <Note>Function</Note>
            {summary.kind === 'known' ? (
              <>
                <code data-testid="tx-input-function" className="rounded-md bg-accent-50 px-2 py-0.5 font-mono text-[13px] text-accent-800 ring-1 ring-inset ring-accent-200 dark:bg-accent-950/50 dark:text-accent-200 dark:ring-accent-900">
                  {summary.signature}
                </code>
                <Badge tone="neutral" testId="tx-input-source" title={summary.source === 'contract' ? 'Decoded with the ABI the deployment publishes for this contract' : 'Decoded with a signature from the table of well-known ABIs (OpenZeppelin, token standards); another function may share the selector'}>
                  {summary.source === 'contract' ? `${summary.contract ?? 'contract'} ABI` : 'well-known signature'}
                </Badge>
              </>
            ) : (
              <Note>no known signature</Note>
            )}
            <Badge tone="neutral" title="The first 4 bytes of the input: keccak-256 of the function's signature, cut." testId="tx-input-selector">
              selector <span className="font-mono">{summary.selector}</span>
            </Badge>
          </div>
          {summary.kind === 'unknown' && <GuessedWords words={summary.words} trailingBytes={summary.trailingBytes} />}
          {summary.kind === 'known' && summary.args.length > 0 && (
            <table className="w-full text-sm" data-testid="tx-input-args">
              <caption className="sr-only">Decoded arguments</caption>
              <tbody>
                {summary.args.map((argument) => (
                  <tr key={argument.name} className="border-t border-zinc-100 first:border-t-0 dark:border-zinc-800">
                    <th scope="row" className="w-32 py-1.5 pr-3 text-left align-top font-normal text-zinc-500 dark:text-zinc-400">
                      {argument.name} <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{argument.type}</span>
                    </th>
                    <td className="min-w-0 py-1.5">
                      <ArgumentValue argument={argument} token={argument.name === amountArgument ? tokenInfo : null} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )
  }
}

/** What the transaction carries: its input (decoded where chainglass knows the function) and blob hashes. */
export function InputPanel({ network, transaction }: { network: AppNetwork; transaction: Transaction }) {
  const blobHashes = (transaction as { blobVersionedHashes?: unknown }).blobVersionedHashes
  return (
    <Panel title="Input data" testId="tx-input-panel">
      <InfoList>
        <InfoRow label={transaction.to === null ? 'Creation code' : 'Input'} testId="tx-input" help="The data sent with the transaction: a function call (selector and arguments), creation code, or nothing.">
          <div className="w-full min-w-0 space-y-3">
            <InputSummary network={network} transaction={transaction} />
            {transaction.input !== '0x' && <HexBlock value={transaction.input} testId="tx-input-hex" label="Copy input data" />}
          </div>
        </InfoRow>
        {Array.isArray(blobHashes) && (
          <InfoRow label="Blob versioned hashes" testId="tx-blob-hashes">
            <div className="flex flex-col gap-1">
              {blobHashes.map((hash) => (
                <span key={String(hash)} className="inline-flex items-center gap-0.5">
                  <Mono>{String(hash)}</Mono>
                  <CopyButton value={String(hash)} label="Copy blob hash" />
                </span>
              ))}
            </div>
          </InfoRow>
        )}
      </InfoList>
    </Panel>
  )
}

/** How the transaction is signed, and for which chain. */
export function SignaturePanel({ transaction }: { transaction: Transaction }) {
  return (
    <Panel title="Signature" testId="tx-signature">
      <InfoList>
        <InfoRow label="Chain id" testId="tx-chain-id" raw={transaction.chainId ?? null} help="The chain the signature is for (EIP-155): a transaction signed for one chain cannot be replayed on another.">
          {transaction.chainId ? <span className="tabular-nums">{formatChainId(transaction.chainId)}</span> : <Absent>not sent (a transaction without replay protection, or a node that leaves it out)</Absent>}
        </InfoRow>
        <InfoRow label="v" testId="tx-v" raw={transaction.v} help="The ECDSA recovery id. Typed transactions carry the y-parity itself; legacy ones 27/28 or, since EIP-155, chainId × 2 + 35 + parity.">
          <span className="tabular-nums">{formatV(transaction.v)}</span>
        </InfoRow>
        <InfoRow label="yParity" testId="tx-y-parity" raw={transaction.yParity ?? null} help="The parity of the signature's y-value (typed transactions).">
          {transaction.yParity ? <span className="tabular-nums">{formatYParity(transaction.yParity)}</span> : <Absent>not sent (legacy transactions carry the parity in v)</Absent>}
        </InfoRow>
        <SignatureWord label="r" value={transaction.r} testId="tx-r" />
        <SignatureWord label="s" value={transaction.s} testId="tx-s" />
      </InfoList>
    </Panel>
  )
}

/** r or s: a 256-bit number the node sends as a quantity (leading zeros dropped); shown as the 32-byte word it is. */
function SignatureWord({ label, value, testId }: { label: string; value: Hex; testId: string }) {
  const word = `0x${value.slice(2).padStart(64, '0')}`
  return (
    <InfoRow label={label} testId={testId} raw={value.length !== 66 ? `${value} (as sent: leading zeros dropped)` : null} help={`The ECDSA signature's ${label}.`}>
      <Mono>{word}</Mono>
      <CopyButton value={word} label={`Copy ${label}`} />
    </InfoRow>
  )
}
