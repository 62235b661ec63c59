import { useState, useSyncExternalStore } from 'react'
import { AppLink } from '../AppLink.tsx'
import { CrossIcon } from '../icons.tsx'
import { settingsPath } from '../../urls.ts'
import { useNetworkChoice } from './NetworkContext.tsx'
import { subscribeTagNotices, tagNoticeFor } from '../../networks/tagNotices.ts'

const bar = 'border-b text-sm'
const inner = 'mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 sm:px-6 lg:px-8'
const code = 'rounded bg-white/70 px-1 py-0.5 font-mono text-[12px] ring-1 ring-inset ring-current/15 dark:bg-black/20'

/**
 * Notes under the header about the network itself: a block tag the network refused was replaced (the
 * user's `safe` asked as `finalized`), or the URL named a network this browser does not know.
 */
export function NetworkNotices() {
  const { network, unknownNetwork, defaultNetwork } = useNetworkChoice()
  const notice = useSyncExternalStore(subscribeTagNotices, () => tagNoticeFor(network.name), () => null)
  // Dismissed up to this many substitutions: a later one shows the note again.
  const [dismissed, setDismissed] = useState<{ network: string; count: number } | null>(null)
  const showTag = notice !== null && !(dismissed?.network === network.name && dismissed.count >= notice.count)

  return (
    <>
      {unknownNetwork !== null && (
        <div role="status" data-testid="unknown-network-notice" className={`${bar} border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200`}>
          <div className={inner}>
            <span>
              This link is for a network called <code className={code}>{unknownNetwork}</code>, which this browser does not have. Showing {defaultNetwork.label} instead.
            </span>
            <AppLink to={`${settingsPath}?add=${encodeURIComponent(unknownNetwork)}`} className="ml-auto font-medium underline underline-offset-2 hover:no-underline">
              Add it in settings
            </AppLink>
          </div>
        </div>
      )}
      {showTag && (
        <div role="status" data-testid="tag-notice" className={`${bar} border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900/60 dark:bg-sky-950/40 dark:text-sky-100`}>
          <div className={inner}>
            <span>
              {network.label} does not accept the <code className={code}>{notice.from}</code> block tag, so <code className={code}>{notice.to}</code> was asked for instead
              <span className="text-sky-800/80 dark:text-sky-200/70"> ({notice.methods.join(', ')})</span>.
            </span>
            <button
              type="button"
              aria-label="Dismiss"
              title="Dismiss"
              onClick={() => setDismissed({ network: network.name, count: notice.count })}
              className="ml-auto inline-flex size-7 items-center justify-center rounded-md text-sky-700 transition hover:bg-sky-100 dark:text-sky-300 dark:hover:bg-sky-900/50"
            >
              <CrossIcon className="size-4" />
            </button>
          </div>
        </div>
      )}
    </>
  )
}
