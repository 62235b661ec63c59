import { formatInteger } from '../../format/numbers.ts'
import type { AccessList, Authorization } from '../../rpc/schemas.ts'
import { Address } from '../../ui/Address.tsx'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { formatYParity } from '../../format/signature.ts'
import { formatChainId } from '../../format/hex.ts'
import { Mono } from './parts.tsx'

function plural(count: number, one: string, many: string): string {
  return `${formatInteger(count)} ${count === 1 ? one : many}`
}


const accessColumns = (): Column<AccessList[number]>[] => [
  {
    key: 'address',
    header: 'Address',
    cell: (entry) => <Address address={entry.address} short={false} />,
  },
  {
    key: 'keys',
    header: 'Storage keys',
    cell: (entry) =>
      entry.storageKeys.length === 0 ? (
        <span className="text-zinc-500 dark:text-zinc-400">none: the address only</span>
      ) : (
        <ul className="space-y-1">
          {entry.storageKeys.map((key) => (
            <li key={key} className="flex items-center gap-0.5" data-testid="tx-access-list-key">
              <Mono>{key}</Mono>
              <CopyButton value={key} label="Copy storage key" />
            </li>
          ))}
        </ul>
      ),
  },
]

const authorizationColumns = (): Column<Authorization>[] => [
  { key: 'address', header: 'Code of', cell: (authorization) => <Address address={authorization.address} /> },
  { key: 'chain', header: 'Chain', className: 'tabular-nums', cell: (authorization) => formatChainId(authorization.chainId) },
  { key: 'nonce', header: 'Nonce', className: 'tabular-nums', cell: (authorization) => formatInteger(BigInt(authorization.nonce)) },
  {
    key: 'signature',
    header: 'Signature (yParity, r, s)',
    className: 'space-y-1',
    cell: (authorization) => (
      <>
        <div className="text-xs text-zinc-500 dark:text-zinc-400">{formatYParity(authorization.yParity)}</div>
        <Mono>{authorization.r}</Mono>
        <br />
        <Mono>{authorization.s}</Mono>
      </>
    ),
  },
]

/** accessList: the addresses and storage slots the transaction declared it would touch (EIP-2930), warm from the start. */
export function AccessListPanel({ accessList }: { accessList: AccessList }) {
  const keys = accessList.reduce((sum, entry) => sum + entry.storageKeys.length, 0)
  return (
    <Panel
      title="Access list"
      testId="tx-access-list"
      actions={<span className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="tx-access-list-count">{`${plural(accessList.length, 'address', 'addresses')}, ${plural(keys, 'storage key', 'storage keys')}`}</span>}
    >
      {accessList.length === 0 ? (
        <p className="px-5 py-4 text-sm text-zinc-500 dark:text-zinc-400">The access list is empty: the transaction declared nothing in advance.</p>
      ) : (
        <DataTable columns={accessColumns()} rows={accessList} rowKey={(entry, index) => `${entry.address}-${index}`} caption="Access list: addresses and their storage keys" rowTestId="tx-access-list-entry" cellAlign="top" />
      )}
    </Panel>
  )
}

/** authorizationList (EIP-7702): each signer lets its account run the named contract's code. */
export function AuthorizationListPanel({ authorizations }: { authorizations: Authorization[] }) {
  return (
    <Panel title="Authorization list" testId="tx-authorizations" actions={<span className="text-xs text-zinc-500 dark:text-zinc-400">{plural(authorizations.length, 'authorization', 'authorizations')}</span>}>
      <DataTable columns={authorizationColumns()} rows={authorizations} rowKey={(_, index) => String(index)} caption="EIP-7702 authorizations" cellAlign="top" />
    </Panel>
  )
}
