import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Address as AddressType } from 'viem'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { verifiedSourceQuery, type VerifiedSource } from '../../queries/verifiedSource.ts'
import { isRetryable } from '../../rpc/errors.ts'
import { Badge, type BadgeTone } from '../../ui/Badge.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { InfoList } from '../../ui/InfoList.tsx'
import { InfoRow } from '../../ui/InfoRow.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { SourceCode } from '../../ui/SourceCode.tsx'

const muted = 'text-zinc-500 dark:text-zinc-400'

const verdicts: Record<VerifiedSource['status'], { tone: BadgeTone; text: string }> = {
  exact: { tone: 'success', text: 'Verified (exact)' },
  partial: { tone: 'warning', text: 'Verified (partial)' },
  mismatch: { tone: 'danger', text: 'Not verified' },
  'not-verified': { tone: 'neutral', text: 'Not verified' },
}

function Verified({ source }: { source: Extract<VerifiedSource, { metadata: unknown }> }) {
  const { metadata } = source
  const target = Object.entries(metadata.settings.compilationTarget ?? {})[0]
  const [shown, setShown] = useState(target?.[0] ?? source.sources[0]?.path ?? '')
  const file = source.sources.find((entry) => entry.path === shown) ?? source.sources[0]
  const optimizer = metadata.settings.optimizer
  return (
    <>
      <InfoList>
        <InfoRow label="Verification" testId="source-verdict-detail" help="The code's CBOR tail carries the IPFS hash of the compiler's metadata: the same hash is an exact match; a repository that lists the contract under another is a partial one.">
          {source.status === 'exact' ? (
            <span>The code carries this metadata&apos;s hash ({source.metadataCid}): the exact compilation.</span>
          ) : source.status === 'partial' ? (
            <span>
              The repository lists it ({source.folder}), but the code carries another metadata hash ({source.codeCid ?? 'none'}): the same code, compiled from sources that differ in comments or names.
            </span>
          ) : (
            <span>A source the repository serves is not what its metadata says was compiled ({source.sources.filter((entry) => !entry.matches).map((entry) => entry.path).join(', ')}).</span>
          )}
        </InfoRow>
        <InfoRow label="Contract" testId="source-target">
          <span className="font-mono text-[13px]">{target ? `${target[0]}:${target[1]}` : 'not named'}</span>
        </InfoRow>
        <InfoRow label="Compiler" testId="source-compiler">
          <span className="font-mono text-[13px]">
            {metadata.language} {metadata.compiler.version}
          </span>
        </InfoRow>
        <InfoRow label="Settings" testId="source-settings">
          <span>
            optimizer {optimizer?.enabled ? `on, ${optimizer.runs ?? 200} runs` : 'off'} · EVM {metadata.settings.evmVersion ?? 'default'}
            {metadata.settings.viaIR ? ' · via IR' : ''}
          </span>
        </InfoRow>
        <InfoRow label="Metadata" testId="source-metadata">
          <a href={source.metadataUrl} target="_blank" rel="noreferrer noopener" className="break-all font-mono text-[13px] text-accent-600 hover:text-accent-500 dark:text-accent-400">
            {source.metadataUrl}
          </a>
        </InfoRow>
      </InfoList>
      <div className="border-t border-zinc-100 px-5 py-4 dark:border-zinc-800">
        <div role="tablist" aria-label="Source files" className="mb-3 flex flex-wrap gap-1" data-testid="source-files">
          {source.sources.map((entry) => (
            <button
              key={entry.path}
              type="button"
              role="tab"
              aria-selected={entry.path === file?.path}
              onClick={() => setShown(entry.path)}
              data-testid="source-file"
              data-path={entry.path}
              data-matches={entry.matches}
              className={`rounded-md px-2.5 py-1 font-mono text-xs ring-1 ring-inset ${entry.path === file?.path ? 'bg-accent-50 text-accent-800 ring-accent-200 dark:bg-accent-950/50 dark:text-accent-200 dark:ring-accent-900' : 'text-zinc-700 ring-zinc-200 hover:bg-zinc-50 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800'}`}
            >
              {entry.path}
              {!entry.matches && ' (differs)'}
            </button>
          ))}
        </div>
        {file && <SourceCode code={file.content} language={file.path.endsWith('.sol') ? 'solidity' : 'text'} label={`Source of ${file.path}`} testId="source-code" />}
      </div>
    </>
  )
}

/**
 * The contract's verified source: the verdict (exact, partial or not verified), compiler and settings, and each
 * source file highlighted, from the network's Sourcify-format repository.
 */
export function VerifiedSourcePanel({ network, address }: { network: AppNetwork; address: AddressType }) {
  const query = useQuery(verifiedSourceQuery(network, address))
  const verdict = query.data ? verdicts[query.data.status] : null
  return (
    <Panel
      title="Source"
      testId="address-source"
      actions={
        verdict && (
          <Badge tone={verdict.tone} testId="source-verdict">
            {verdict.text}
          </Badge>
        )
      }
    >
      {query.isPending ? (
        <div className="px-5 py-4" aria-busy="true">
          <Skeleton className="block h-4 w-full max-w-md" />
        </div>
      ) : query.error ? (
        <div className="p-5">
          <ErrorPanel error={query.error} onRetry={isRetryable(query.error) || !(query.error as { code?: unknown }).code ? () => void query.refetch() : undefined} compact />
        </div>
      ) : query.data.status === 'not-verified' ? (
        <p className={`px-5 py-4 text-sm ${muted}`} data-testid="source-none">
          {query.data.reason}.
        </p>
      ) : (
        <Verified source={query.data} />
      )}
    </Panel>
  )
}
