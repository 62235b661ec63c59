import type { Network } from '../../../contract/runtimeConfig.ts'
import { Badge } from '../Badge.tsx'

export function isRecordedSample(network: Network): boolean {
  return network.kind === 'sample'
}

/**
 * A network's name as shown anywhere: its label, and for a recorded sample network a "recorded sample"
 * mark unless the label already says it, so nobody takes replayed data for a live chain.
 */
export function NetworkLabel({ network, testId }: { network: Network; testId?: string }) {
  const sample = isRecordedSample(network) && !/recorded sample/i.test(network.label)
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5" data-testid={testId}>
      <span className="truncate">{network.label}</span>
      {sample && <Badge tone="warning">recorded sample</Badge>}
    </span>
  )
}
