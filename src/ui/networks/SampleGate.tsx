import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { sampleContentsQuery } from '../../queries/sampleContents.ts'
import { isRetryable, RpcError } from '../../rpc/errors.ts'
import { ErrorPanel } from '../ErrorPanel.tsx'
import { Panel } from '../Panel.tsx'
import { Skeleton } from '../Skeleton.tsx'
import { useNetwork } from './NetworkContext.tsx'

/**
 * A recorded sample's pages wait for its description (what it holds, so what it answers): its rules come
 * from it, and a page that guessed them would ask for what the recording cannot have. Other networks pass
 * straight through. The description is one small answer, read once per session.
 */
export function SampleGate({ children }: { children: ReactNode }) {
  const network = useNetwork()
  const description = useQuery(sampleContentsQuery(network))
  if (network.kind !== 'sample' || network.sample) return children
  if (description.error) {
    const retry = isRetryable(description.error) || !(description.error instanceof RpcError) ? () => void description.refetch() : undefined
    return <ErrorPanel error={description.error} onRetry={retry} />
  }
  return (
    <Panel className="p-6" testId="sample-describing">
      <p className="text-sm text-zinc-500 dark:text-zinc-400">Reading what {network.label} holds…</p>
      <Skeleton className="mt-4 block h-9 w-full" />
    </Panel>
  )
}
