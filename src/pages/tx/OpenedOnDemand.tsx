import { Suspense, useState, type ReactNode } from 'react'
import { Button } from '../../ui/Button.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { TraceLoading } from './traceLoading.tsx'

/**
 * A panel whose content is read only when the reader opens it (a trace is never on the page's first screen):
 * closed, a line saying what it holds; open, its body (a lazy module: its code loads then too).
 */
export function OpenedOnDemand({ title, testId, showLabel, summary, children }: { title: string; testId: string; showLabel: string; summary: string; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <Panel
      title={title}
      testId={testId}
      actions={
        <Button size="sm" tone="ghost" aria-expanded={open} onClick={() => setOpen(!open)} data-testid={`${testId}-toggle`}>
          {open ? 'Hide' : showLabel}
        </Button>
      }
    >
      {open ? <Suspense fallback={<TraceLoading testId={`${testId}-loading`} />}>{children}</Suspense> : <p className="px-5 py-3 text-sm text-zinc-600 dark:text-zinc-400">{summary}</p>}
    </Panel>
  )
}
