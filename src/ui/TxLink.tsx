import type { Hash as HashType } from 'viem'
import { txPath } from '../urls.ts'
import { Hash } from './Hash.tsx'

type TxLinkProps = {
  hash: string
  short?: boolean
  copy?: boolean
  testId?: string
}

/** A transaction hash linking to /tx/:hash, shortened by default, with a copy button. */
export function TxLink({ hash, short = true, copy = true, testId }: TxLinkProps) {
  return <Hash value={hash} to={txPath(hash as HashType)} short={short} copy={copy} copyLabel="Copy transaction hash" testId={testId} />
}
