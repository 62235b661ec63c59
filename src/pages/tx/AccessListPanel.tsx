import type { Address as AddressType } from 'viem'
import { formatInteger } from '../../format/numbers.ts'
import type { AccessList, Authorization } from '../../rpc/schemas.ts'
import { Address } from '../../ui/Address.tsx'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { formatYParity } from '../../format/signature.ts'
import { formatChainId } from '../../format/hex.ts'
import { Mono } from './parts.tsx'
import { usePrefetch } from '../../queries/prefetch.ts'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'

function plural(count: number, one: string, many: string): string {
  return `${formatInteger(count)} ${count === 1 ? one : many}`
}

/** accessList: the addresses and storage slots the transaction declared it would touch (EIP-2930), warm from the start. */
export function AccessListPanel({ accessList }: { accessList: AccessList }) {
  const prefetch = usePrefetch(useNetwork())
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
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Access list: addresses and their storage keys</caption>
            <thead>
              <tr className="text-xs text-zinc-500 dark:text-zinc-400">
                <th scope="col" className="py-2.5 pl-5 pr-3 text-left font-medium">Address</th>
                <th scope="col" className="py-2.5 pl-3 pr-5 text-left font-medium">Storage keys</th>
              </tr>
            </thead>
            <tbody>
              {accessList.map((entry, index) => (
                <tr key={`${entry.address}-${index}`} className="border-t border-zinc-100 align-top dark:border-zinc-800" data-testid="tx-access-list-entry">
                  <td className="py-3 pl-5 pr-3">
                    <Address address={entry.address} short={false} onPrefetch={prefetch.account(entry.address as AddressType)} />
                  </td>
                  <td className="py-3 pl-3 pr-5">
                    {entry.storageKeys.length === 0 ? (
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
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  )
}

/** authorizationList (EIP-7702): each signer lets its account run the named contract's code. */
export function AuthorizationListPanel({ authorizations }: { authorizations: Authorization[] }) {
  const prefetch = usePrefetch(useNetwork())
  return (
    <Panel title="Authorization list" testId="tx-authorizations" actions={<span className="text-xs text-zinc-500 dark:text-zinc-400">{plural(authorizations.length, 'authorization', 'authorizations')}</span>}>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">EIP-7702 authorizations</caption>
          <thead>
            <tr className="text-xs text-zinc-500 dark:text-zinc-400">
              <th scope="col" className="py-2.5 pl-5 pr-3 text-left font-medium">Code of</th>
              <th scope="col" className="px-3 py-2.5 text-left font-medium">Chain</th>
              <th scope="col" className="px-3 py-2.5 text-left font-medium">Nonce</th>
              <th scope="col" className="py-2.5 pl-3 pr-5 text-left font-medium">Signature (yParity, r, s)</th>
            </tr>
          </thead>
          <tbody>
            {authorizations.map((authorization, index) => (
              <tr key={index} className="border-t border-zinc-100 align-top dark:border-zinc-800">
                <td className="py-3 pl-5 pr-3">
                  <Address address={authorization.address} onPrefetch={prefetch.account(authorization.address as AddressType)} />
                </td>
                <td className="px-3 py-3 tabular-nums">{formatChainId(authorization.chainId)}</td>
                <td className="px-3 py-3 tabular-nums">{formatInteger(BigInt(authorization.nonce))}</td>
                <td className="space-y-1 py-3 pl-3 pr-5">
                  <div className="text-xs text-zinc-500 dark:text-zinc-400">{formatYParity(authorization.yParity)}</div>
                  <Mono>{authorization.r}</Mono>
                  <br />
                  <Mono>{authorization.s}</Mono>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  )
}
