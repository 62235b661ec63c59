import type { Address as AddressType } from 'viem'
import { checksumAddress } from '../format/address.ts'
import { addressPath } from '../urls.ts'
import { Hash } from './Hash.tsx'

type AddressProps = {
  address: string
  /** Link to /address/:a (default). */
  link?: boolean
  /** Shortened (default) or in full. */
  short?: boolean
  copy?: boolean
  testId?: string
  /** A name to show instead of the hex, such as "Contract created". */
  label?: string
}

/** An address, EIP-55 checksummed, linking to its page, with a copy button (the copy is checksummed too). */
export function Address({ address, link = true, short = true, copy = true, testId, label }: AddressProps) {
  const checksummed = checksumAddress(address)
  return (
    <Hash
      value={checksummed}
      to={link ? addressPath(address as AddressType) : undefined}
      short={short}
      copy={copy}
      copyLabel="Copy address"
      testId={testId}
      label={label}
    />
  )
}
