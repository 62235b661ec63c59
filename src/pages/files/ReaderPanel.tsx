import { useId, useState, type FormEvent } from 'react'
import { checkCid } from '../../files/cid.ts'
import type { FilesClient } from '../../files/client.ts'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { Panel } from '../../ui/Panel.tsx'
import { ContentPreview } from './ContentPreview.tsx'
import { EyeIcon } from '../../ui/pageIcons.tsx'
import type { KnownFiles } from '../../files/knownFiles.ts'
import { EmptyState } from './parts.tsx'
import { Button } from '../../ui/Button.tsx'
import { inputClass } from '../../ui/form.ts'

/** Read by CID: the CID lives in the address (?cid=), so a preview can be linked to and survives a reload. */
export function ReaderPanel({ network, client, known, cid, onRead }: { network: Network; client: FilesClient; known: KnownFiles; cid: string | null; onRead: (cid: string) => void }) {
  const [problem, setProblem] = useState<string | null>(null)
  const inputId = useId()
  const problemId = useId()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = String(new FormData(event.currentTarget).get('cid') ?? '')
    const result = checkCid(text)
    if (!result.ok) return setProblem(result.problem)
    setProblem(null)
    onRead(result.cid)
  }

  return (
    <Panel title="Read by CID">
      <div className="p-5">
        {/* Uncontrolled and keyed by the CID in the address, so picking Preview elsewhere refills it. */}
        <form key={cid ?? ''} onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row" data-testid="read-form">
          <label htmlFor={inputId} className="sr-only">
            CID to read
          </label>
          <input
            id={inputId}
            name="cid"
            defaultValue={cid ?? ''}
            placeholder="Paste a CID (Qm… or bafy…) to read its content"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem !== null}
            aria-describedby={problem ? problemId : undefined}
            onChange={() => setProblem(null)}
            data-testid="read-cid-input"
            className={`${inputClass} font-mono text-[13px]`}
          />
          <Button type="submit" tone="primary" data-testid="read-cid-submit">
            <EyeIcon className="size-4" />
            Read
          </Button>
        </form>
        {problem && (
          <p id={problemId} data-testid="read-cid-problem" role="alert" className="mt-2 text-xs text-red-600 dark:text-red-400">
            {problem}
          </p>
        )}
        <div className="mt-5">
          {/* Under the error of a CID typed after it, an earlier preview would read as that CID's content. */}
          {problem ? null : cid ? (
            <ContentPreview key={cid} network={network} client={client} cid={cid} name={known[cid]?.name ?? null} />
          ) : (
            <EmptyState icon={<EyeIcon className="size-5" />} title="Nothing to show yet" testId="read-empty">
              Paste a CID above, or choose Preview on an added file or a pin. Text and JSON are shown as text, images and PDF as they are; anything else can be downloaded.
              Previews read the first MiB only, unless you ask for all.
            </EmptyState>
          )}
        </div>
      </div>
    </Panel>
  )
}
