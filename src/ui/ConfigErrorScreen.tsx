import { ErrorPanel } from './ErrorPanel.tsx'
import { FullPageMessage } from './FullPageMessage.tsx'

/** Shown when /config.json cannot be used: the app knows no network to talk to. */
export function ConfigErrorScreen({ error }: { error: unknown }) {
  return (
    <FullPageMessage>
      <div data-testid="config-error">
        <h1 className="text-2xl font-semibold tracking-tight">chainglass cannot start</h1>
        <p className="mb-5 mt-2 text-zinc-600 dark:text-zinc-400">It reads its networks from /config.json when it starts, and that did not work.</p>
        <ErrorPanel error={error} />
      </div>
    </FullPageMessage>
  )
}
