import { useQuery } from '@tanstack/react-query'
import type { Address as AddressType, Hex } from 'viem'
import type { ProxyInfo } from '../../evm/bytecode/proxy.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import type { HistoryMethods } from '../../networks/otterscan.ts'
import { contractCreatorQuery } from '../../queries/addressHistory.ts'
import { contractInfoQuery } from '../../queries/contractInfo.ts'
import { useNames } from '../../queries/names.ts'
import { Address } from '../../ui/Address.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { InfoList } from '../../ui/InfoList.tsx'
import { InfoRow } from '../../ui/InfoRow.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { TxLink } from '../../ui/TxLink.tsx'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'

const muted = 'text-zinc-500 dark:text-zinc-400'

const proxyKindNames: Record<ProxyInfo['kind'], string> = {
  eip1167: 'EIP-1167 minimal proxy',
  eip1967: 'EIP-1967 proxy',
  beacon: 'EIP-1967 beacon proxy',
  eip1822: 'EIP-1822 proxy',
}

function Selectors({ selectors }: { selectors: readonly Hex[] }) {
  const names = useNames(useNetwork())
  if (selectors.length === 0) return <span className={muted}>none found (no Solidity-style dispatcher in the code)</span>
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid="contract-selectors">
      {selectors.map((selector) => {
        const known = names?.functionCandidates(selector)[0]
        return (
          <li key={selector} data-testid="contract-selector" data-selector={selector} title={known ? `${known.name}(${known.inputs.map((input) => input.type).join(',')}) · ${selector}` : `${selector}: no known signature`} className={`rounded-md px-1.5 py-0.5 text-[12px] ring-1 ring-inset ${known ? 'bg-accent-50 text-accent-800 ring-accent-200 dark:bg-accent-950/50 dark:text-accent-200 dark:ring-accent-900' : 'bg-zinc-100 font-mono text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700'}`}>
            {known ? known.name : selector}
          </li>
        )
      })}
    </ul>
  )
}

/**
 * A contract's own facts: its name where the deployment publishes it, who created it and in which transaction
 * (ots_getContractCreator, where the node keeps history), whether it is a proxy and of what, and the functions
 * its code dispatches.
 */
export function ContractPanel({ network, address, history }: { network: AppNetwork; address: AddressType; history: HistoryMethods | undefined }) {
  const names = useNames(network)
  const published = names?.contractAt(address) ?? null
  const info = useQuery(contractInfoQuery(network, address))
  const creator = useQuery({ ...contractCreatorQuery(network, address), enabled: history?.offered === true })
  return (
    <Panel title="Contract" testId="address-contract" actions={published ? <Badge tone="accent" testId="contract-name">{published.name}</Badge> : undefined}>
      <InfoList>
        <InfoRow label="Name" testId="contract-published" help="The name under which the deployment publishes this contract's ABI (the local service publishes its own).">
          {published ? <span className="font-medium">{published.name}</span> : names ? <span className={muted}>not published by this deployment</span> : <Skeleton className="h-4 w-32" />}
        </InfoRow>
        <InfoRow label="Creator" testId="contract-creator" help="ots_getContractCreator: the account (or contract) that deployed it, and the transaction.">
          {history?.offered === false ? (
            <span className={muted}>needs a node with Otterscan&apos;s history methods (ots_getContractCreator)</span>
          ) : creator.data ? (
            <span className="flex flex-wrap items-center gap-2">
              <Address address={creator.data.creator} testId="contract-creator-address" />
              <span className={muted}>in</span>
              <TxLink hash={creator.data.hash} testId="contract-creation-tx" />
            </span>
          ) : creator.data === null ? (
            <span className={muted}>the node does not know (created before its history, or not by a transaction it indexed)</span>
          ) : creator.error ? (
            <span className={muted}>could not be read: {creator.error.message}</span>
          ) : (
            <Skeleton className="h-4 w-64" />
          )}
        </InfoRow>
        <InfoRow label="Proxy" testId="contract-proxy" help="EIP-1167 clones name their implementation in their code; EIP-1967 and EIP-1822 proxies keep it in fixed storage slots.">
          {info.data ? (
            info.data.proxy ? (
              <span className="flex flex-wrap items-center gap-2">
                <Badge tone="accent" testId="contract-proxy-kind">{proxyKindNames[info.data.proxy.kind]}</Badge>
                {info.data.implementation && (
                  <>
                    <span className={muted}>implementation</span>
                    <Address address={info.data.implementation} testId="contract-implementation" />
                  </>
                )}
                {info.data.proxy.kind === 'beacon' && (
                  <>
                    <span className={muted}>beacon</span>
                    <Address address={info.data.proxy.beacon} testId="contract-beacon" />
                  </>
                )}
                {(info.data.proxy.kind === 'eip1967' || info.data.proxy.kind === 'beacon') && info.data.proxy.admin && (
                  <>
                    <span className={muted}>admin</span>
                    <Address address={info.data.proxy.admin} testId="contract-admin" />
                  </>
                )}
              </span>
            ) : (
              <span className={muted} data-testid="contract-not-proxy">not a proxy (no EIP-1167 code, nothing in the EIP-1967 or EIP-1822 slots)</span>
            )
          ) : info.error ? (
            <span className={muted}>could not be read: {info.error.message}</span>
          ) : (
            <Skeleton className="h-4 w-48" />
          )}
        </InfoRow>
        <InfoRow label="Functions" testId="contract-functions" help="Selectors the contract's dispatcher compares the call with, read from its bytecode; named where a known ABI has them.">
          {info.data ? <Selectors selectors={info.data.selectors} /> : <Skeleton className="h-4 w-64" />}
        </InfoRow>
      </InfoList>
    </Panel>
  )
}
