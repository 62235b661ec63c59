import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import type { FilesClient } from '../../files/client.ts'
import { ipfsLink } from '../../files/cid.ts'
import { sniffContent, type SniffedContent } from '../../files/sniff.ts'
import { svgFrameHead } from '../../../contract/svgFrame.ts'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { contentQuery, previewBytes } from '../../queries/files.ts'
import { formatByteCount } from '../../format/transfer.ts'
import { DownloadIcon, ExternalIcon } from '../../ui/pageIcons.tsx'
import { FilesErrorNotice } from './parts.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { CopyTextButton } from '../../ui/CopyButton.tsx'
import { Button } from '../../ui/Button.tsx'
import { saveAs } from '../../ui/download.ts'
import { formatBytes } from '../../format/numbers.ts'

/**
 * Content by CID, shown without ever becoming HTML in the app's origin: text and JSON as text nodes, images
 * and PDF from blob: URLs whose type is set here from the magic bytes, SVG as source and in a sandboxed
 * frame (no scripts, no network), and anything else as a hex view and a download.
 */

const kindLabels: Record<SniffedContent['kind'], string> = { text: 'Text', json: 'JSON', image: 'Image', pdf: 'PDF', svg: 'SVG', binary: 'Binary' }

/** Sets a blob: URL of `bytes` typed `type` on the element for as long as it is mounted, then revokes it. */
function useBlobUrl<T extends HTMLImageElement | HTMLIFrameElement | HTMLAnchorElement>(bytes: Uint8Array<ArrayBuffer>, type: string) {
  return useCallback(
    (element: T | null) => {
      if (!element) return
      const url = URL.createObjectURL(new Blob([bytes], { type }))
      if (element instanceof HTMLAnchorElement) element.href = url
      else element.src = url
      return () => URL.revokeObjectURL(url)
    },
    [bytes, type],
  )
}

/** Saves bytes as a file; typed application/octet-stream so the browser never opens it in this origin. */
function saveBytes(bytes: Uint8Array<ArrayBuffer>, fileName: string): void {
  saveAs(bytes, fileName, 'application/octet-stream')
}

export function ContentPreview({ network, client, cid, name }: { network: Network; client: FilesClient; cid: string; name: string | null }) {
  const [whole, setWhole] = useState(false)
  const content = useQuery({ ...contentQuery(network, client, cid, whole), placeholderData: keepPreviousData })
  const data = content.data
  const sniffed = useMemo(() => (data ? sniffContent(data.bytes, { truncated: data.truncated }) : null), [data])
  const download = useMutation({
    mutationFn: async () => (data && !data.truncated ? data.bytes : await client.cat(cid)),
    onSuccess: (bytes) => saveBytes(bytes, name ?? cid),
  })

  if (content.error && !data) {
    return <FilesErrorNotice error={content.error} onRetry={() => void content.refetch()} testId="preview-error" />
  }
  if (!data || !sniffed) {
    return (
      <div data-testid="preview-loading" aria-busy="true" aria-label="Reading the content" className="space-y-2.5 rounded-xl p-1">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="block h-40 w-full" />
      </div>
    )
  }

  return (
    <div data-testid="preview" data-kind={sniffed.kind} data-cid={cid}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Badge tone="accent" testId="preview-kind">
          {kindLabels[sniffed.kind]}
        </Badge>
        <span data-testid="preview-extent" className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          {data.truncated ? `First ${formatBytes(previewBytes)} shown; there is more` : <span title={formatByteCount(data.bytes.length)}>{formatBytes(data.bytes.length)}</span>}
        </span>
        <span className="flex-1" />
        {data.truncated && (
          <Button size="sm" onClick={() => setWhole(true)} disabled={content.isFetching} data-testid="preview-load-all">
            {content.isFetching ? 'Reading all…' : 'Read it all'}
          </Button>
        )}
        <CopyTextButton value={ipfsLink(cid)} label="Copy ipfs:// link" />
        <Button size="sm" onClick={() => download.mutate()} disabled={download.isPending} data-testid="preview-download">
          <DownloadIcon className="size-3.5" />
          {download.isPending ? 'Reading…' : 'Download'}
        </Button>
      </div>
      {download.error && (
        <div className="mt-3">
          <FilesErrorNotice error={download.error} compact />
        </div>
      )}
      <div className="mt-4">
        <PreviewBody sniffed={sniffed} bytes={data.bytes} name={name ?? cid} />
      </div>
    </div>
  )
}

const frameClass = 'overflow-hidden rounded-xl bg-zinc-50 ring-1 ring-zinc-200/80 dark:bg-zinc-950/60 dark:ring-zinc-800'
const preClass = 'max-h-[28rem] overflow-auto whitespace-pre-wrap break-words p-4 font-mono text-[13px] leading-relaxed text-zinc-800 dark:text-zinc-200'

function PreviewBody({ sniffed, bytes, name }: { sniffed: SniffedContent; bytes: Uint8Array<ArrayBuffer>; name: string }) {
  switch (sniffed.kind) {
    case 'text':
      return (
        <div className={frameClass}>
          {sniffed.text === '' ? (
            <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400 italic">Empty: this content has no bytes.</p>
          ) : (
            <pre data-testid="preview-text" className={preClass}>
              {sniffed.text}
            </pre>
          )}
        </div>
      )
    case 'json':
      return (
        <div className={frameClass}>
          <pre data-testid="preview-json" className={preClass}>
            {sniffed.pretty}
          </pre>
        </div>
      )
    case 'image':
      return <ImagePreview bytes={bytes} type={sniffed.type} name={name} />
    case 'pdf':
      return <PdfPreview bytes={bytes} />
    case 'svg':
      return <SvgPreview text={sniffed.text} />
    case 'binary':
      return <HexPreview bytes={bytes} />
  }
}

function ImagePreview({ bytes, type, name }: { bytes: Uint8Array<ArrayBuffer>; type: string; name: string }) {
  const ref = useBlobUrl<HTMLImageElement>(bytes, type)
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  return (
    <figure>
      <div className={`${frameClass} flex justify-center bg-[length:16px_16px] bg-[conic-gradient(#f4f4f5_25%,#fff_0_50%,#f4f4f5_0_75%,#fff_0)] p-4 dark:bg-[conic-gradient(#18181b_25%,#09090b_0_50%,#18181b_0_75%,#09090b_0)]`}>
        <img
          ref={ref}
          alt={`Preview of ${name}`}
          data-testid="preview-image"
          onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          className="max-h-[28rem] max-w-full object-contain [image-rendering:auto]"
        />
      </div>
      <figcaption className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
        {type}
        {size && ` · ${size.width} × ${size.height} px`}
      </figcaption>
    </figure>
  )
}

function PdfPreview({ bytes }: { bytes: Uint8Array<ArrayBuffer> }) {
  const frame = useBlobUrl<HTMLIFrameElement>(bytes, 'application/pdf')
  const link = useBlobUrl<HTMLAnchorElement>(bytes, 'application/pdf')
  return (
    <div>
      <iframe ref={frame} title="PDF preview" data-testid="preview-pdf" className={`${frameClass} h-[32rem] w-full`} />
      <a ref={link} target="_blank" rel="noopener noreferrer" className="mt-2 inline-flex items-center gap-1.5 text-xs font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400">
        <ExternalIcon className="size-3.5" />
        Open the PDF in a new tab (if the browser shows none here)
      </a>
    </div>
  )
}

function SvgPreview({ text }: { text: string }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div>
        <p className="mb-2 text-xs font-medium text-zinc-500 dark:text-zinc-400">Rendered in a sandbox (scripts and network off)</p>
        <iframe sandbox="" srcDoc={`${svgFrameHead}${text}`} title="SVG rendered in a sandbox" data-testid="preview-svg-frame" className={`${frameClass} h-72 w-full bg-white`} />
      </div>
      <div>
        <p className="mb-2 text-xs font-medium text-zinc-500 dark:text-zinc-400">Source</p>
        <div className={frameClass}>
          <pre data-testid="preview-text" className={`${preClass} max-h-72`}>
            {text}
          </pre>
        </div>
      </div>
    </div>
  )
}

/** The first 512 bytes as hex and printable ASCII. */
function HexPreview({ bytes }: { bytes: Uint8Array<ArrayBuffer> }) {
  const shown = bytes.subarray(0, 512)
  const lines: string[] = []
  for (let offset = 0; offset < shown.length; offset += 16) {
    const row = [...shown.subarray(offset, offset + 16)]
    const hex = row.map((byte) => byte.toString(16).padStart(2, '0')).join(' ')
    const text = row.map((byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '·')).join('')
    lines.push(`${offset.toString(16).padStart(8, '0')}  ${hex.padEnd(47)}  ${text}`)
  }
  return (
    <div>
      <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
        Not text, and not an image or PDF this page shows. Download it to open it with an app{shown.length < bytes.length ? '; its first 512 bytes:' : ':'}
      </p>
      <div className={frameClass}>
        <pre data-testid="preview-hex" className={`${preClass} whitespace-pre`}>
          {lines.join('\n')}
        </pre>
      </div>
    </div>
  )
}
