import { Skeleton } from '../../ui/Skeleton.tsx'

/** What an opened trace panel shows while its code and the node's answer come. */
export function TraceLoading({ testId }: { testId: string }) {
  return (
    <div className="space-y-3 px-5 py-4" aria-busy="true" data-testid={testId}>
      <Skeleton className="block h-4 w-full max-w-xl" />
      <Skeleton className="block h-4 w-full max-w-lg" />
    </div>
  )
}
