import { useEffect, useMemo, useSyncExternalStore } from 'react'
import type { Address as AddressType } from 'viem'
import { formatInteger } from '../../format/numbers.ts'
import { historyScanBlocks, type BlockScanHistory } from '../../history/blockScanHistory.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { Button } from '../../ui/Button.tsx'
import { DataTable } from '../../ui/DataTable.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { ProgressBar } from '../../ui/ProgressBar.tsx'
import { DownloadIcon, RefreshIcon, StopIcon } from '../../ui/pageIcons.tsx'
import { historyToCsv } from '../../history/historyCsv.ts'
import { saveAs } from '../../ui/download.ts'
import { historyColumns, historyRowData } from './HistoryPanel.tsx'

/**
 * The address's transactions read block by block (history/blockScanHistory.ts), where the node keeps no
 * history: newest first as the blocks are read, with what the scan covers, its progress, Cancel and Resume.
 * `onRescan` starts a new scan up to the current head.
 */
export function ScannedHistoryPanel({ network, address, scan, onRescan }: { network: AppNetwork; address: AddressType; scan: BlockScanHistory; onRescan: () => void }) {
  const snapshot = useSyncExternalStore(scan.subscribe, scan.getSnapshot, scan.getSnapshot)
  // The first view starts the scan; a cancelled one waits for Resume.
  useEffect(() => {
    if (scan.snapshot.phase === 'idle') scan.start()
  }, [scan])
  const columns = useMemo(() => historyColumns(network, address), [network, address])
  const { range, phase, blocksRead, rows } = snapshot
  const total = range.to - range.from + 1n
  const share = total === 0n ? 100 : Number((blocksRead * 100n) / total)
  const whole = range.from === 0n
  const readDown = snapshot.next === null ? range.from : snapshot.next + 1n
  const scanning = phase === 'scanning' || phase === 'idle'

  return (
    <div data-testid="scanned-history" data-address={address.toLowerCase()} data-phase={phase} aria-busy={scanning}>
      <div className="space-y-3 border-b border-zinc-100 px-5 py-4 dark:border-zinc-800">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0 text-sm">
            <p className="font-medium text-zinc-900 dark:text-zinc-100" data-testid="scanned-history-coverage">
              {whole ? 'The whole chain' : `The last ${formatInteger(historyScanBlocks)} blocks`}: blocks {formatInteger(range.from)} – {formatInteger(range.to)}, read block by block
            </p>
            <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400" data-testid="scanned-history-status">
              {phase === 'done'
                ? `All ${formatInteger(total)} blocks read`
                : phase === 'cancelled'
                  ? `Cancelled: blocks ${formatInteger(readDown)} – ${formatInteger(range.to)} read, ${formatInteger(readDown - range.from)} left`
                  : phase === 'failed'
                    ? `Stopped: blocks ${formatInteger(readDown)} – ${formatInteger(range.to)} read`
                    : phase === 'idle'
                      ? 'Starting…'
                      : `Reading: blocks ${formatInteger(readDown)} – ${formatInteger(range.to)} read (${share} %)`}
              {' · '}
              {formatInteger(rows.length)} {rows.length === 1 ? 'transaction' : 'transactions'} found. This node keeps no history (no ots_* methods), so
              each block is read; a transfer inside another contract&apos;s call is not seen (it needs traces).
            </p>
          </div>
          <span className="flex gap-2">
            {rows.length > 0 && (
              <Button size="sm" onClick={() => saveAs(historyToCsv(rows, address), `${network.name}-${address.toLowerCase()}-transactions.csv`, 'text/csv')} data-testid="history-export">
                <DownloadIcon className="size-4" />
                Export CSV{phase === 'done' ? '' : ' (found so far)'}
              </Button>
            )}
            {scanning ? (
              <Button size="sm" tone="stop" onClick={() => scan.cancel()} data-testid="scanned-history-cancel">
                <StopIcon className="size-3.5" />
                Cancel
              </Button>
            ) : snapshot.next !== null ? (
              <Button size="sm" tone="primary" onClick={() => scan.start()} data-testid="scanned-history-resume">
                Resume
              </Button>
            ) : (
              <Button size="sm" onClick={onRescan} data-testid="scanned-history-rescan">
                <RefreshIcon className="size-4" />
                Read again to the head
              </Button>
            )}
          </span>
        </div>
        <ProgressBar share={share} tone={phase === 'failed' ? 'failed' : phase === 'cancelled' ? 'stopped' : phase === 'done' ? 'done' : 'running'} label="Blocks read" testId="scanned-history-bar" className="h-1.5" />
        {phase === 'failed' && <ErrorPanel error={snapshot.error} compact onRetry={() => scan.start()} />}
      </div>
      <DataTable
        columns={columns}
        rows={rows.length === 0 && scanning ? undefined : rows}
        rowKey={(row) => row.transaction.hash}
        caption="The address's transactions found so far, newest first"
        empty={
          <span data-testid="scanned-history-empty">
            No transactions sent or received by this address in blocks {formatInteger(readDown)} – {formatInteger(range.to)}.
          </span>
        }
        testId="history-table"
        rowTestId="history-row"
        rowData={historyRowData}
        virtualizeAbove={200}
      />
    </div>
  )
}
