import { useEffect, useId, useState, useSyncExternalStore, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { parseEther, toFunctionSignature, type Abi, type AbiFunction, type Address as AddressType, type Hex } from 'viem'
import { writableAbi } from '../../evm/knownAbi.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { Address } from '../../ui/Address.tsx'
import { Button } from '../../ui/Button.tsx'
import { Field, fieldAria } from '../../ui/Field.tsx'
import { inputClass } from '../../ui/form.ts'
import { useLinkNetwork } from '../../ui/networks/NetworkContext.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { txPath, withNetwork } from '../../urls.ts'
import { requestWallets, safeIcon, subscribeWallets, walletsSnapshot, type Wallet } from '../../wallet/eip6963.ts'
import { connectWallet, ensureChain, sendThroughWallet, WalletError } from '../../wallet/walletSession.ts'
import { ArgumentError, encodeCalldata } from '../call/abiInput.ts'
import { AbiArguments, argumentsOf, FunctionSignature } from './AbiArguments.tsx'
import { useContractFunctions } from './useContractFunctions.ts'

type Connected = { wallet: Wallet; account: AddressType }

/** One function that changes state: its arguments (and ether, where it is payable), sent through the wallet. */
function WriteFunction({ network, address, fn, index, connected }: { network: AppNetwork; address: AddressType; fn: AbiFunction; index: number; connected: Connected | null }) {
  const id = useId()
  const navigate = useNavigate()
  const linkNetwork = useLinkNetwork()
  const [problems, setProblems] = useState<Record<number, string>>({})
  const [valueProblem, setValueProblem] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const payable = fn.stateMutability === 'payable'

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!connected) return
    const form = event.currentTarget
    let data: Hex
    try {
      data = encodeCalldata(fn, argumentsOf(form, fn))
    } catch (error) {
      if (error instanceof ArgumentError) return setProblems({ [Math.max(0, error.index)]: error.message })
      throw error
    }
    setProblems({})
    let value = 0n
    if (payable) {
      const text = String(new FormData(form).get('value') ?? '').trim()
      try {
        value = text === '' ? 0n : parseEther(text)
        if (value < 0n) throw new Error('negative')
      } catch {
        return setValueProblem(`"${text}" is not an amount of ether: write it like 0.5`)
      }
    }
    setValueProblem(null)
    setFailure(null)
    setSending(true)
    try {
      await ensureChain(connected.wallet, network)
      const hash = await sendThroughWallet(connected.wallet, { from: connected.account, to: address, data, value })
      navigate(withNetwork(txPath(hash), linkNetwork))
    } catch (error) {
      setFailure(error instanceof WalletError ? error.message : `Not sent: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      setSending(false)
    }
  }

  return (
    <li className="px-5 py-4" data-testid="write-function" data-signature={toFunctionSignature(fn)}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <FunctionSignature fn={fn} index={index} />
          <Button type="submit" size="sm" tone="primary" disabled={!connected || sending} title={connected ? undefined : 'Connect a wallet first'} data-testid="write-send">
            {sending ? 'Waiting for the wallet…' : 'Send'}
          </Button>
        </div>
        <AbiArguments fn={fn} id={id} problems={problems} />
        {payable && (
          <div className="max-w-xs">
            <Field id={`${id}-value`} label="Ether to send with it" problem={valueProblem ?? undefined} problemTestId="write-value-problem">
              <input id={`${id}-value`} name="value" inputMode="decimal" autoComplete="off" placeholder="0" className={`${inputClass} font-mono text-[13px]`} data-testid="write-value" {...fieldAria(`${id}-value`, valueProblem)} />
            </Field>
          </div>
        )}
      </form>
      {failure && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300" data-testid="write-error">
          {failure}
        </p>
      )}
    </li>
  )
}

/**
 * Write contract: the functions that change state, from the ABI the app knows (evm/knownAbi.ts), each sent by the
 * user's own wallet (EIP-6963 discovery, EIP-1193 requests; wallet/): the app never holds a key. A sent
 * transaction opens its page.
 */
export function WriteContractPanel({ network, address, pastedAbi }: { network: AppNetwork; address: AddressType; pastedAbi: Abi | null }) {
  const { ready, functions: writable } = useContractFunctions(network, address, writableAbi, pastedAbi)
  const wallets = useSyncExternalStore(subscribeWallets, walletsSnapshot, walletsSnapshot)
  useEffect(() => requestWallets(), [])
  const [connected, setConnected] = useState<Connected | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [connecting, setConnecting] = useState<string | null>(null)

  const connect = async (wallet: Wallet) => {
    setProblem(null)
    setConnecting(wallet.info.uuid)
    try {
      setConnected({ wallet, account: await connectWallet(wallet) })
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setConnecting(null)
    }
  }

  if (!ready || !writable) return null
  return (
    <Panel title="Write contract" testId="write-contract">
      <div className="space-y-3 border-b border-zinc-100 px-5 py-4 text-sm dark:border-zinc-800" data-testid="write-wallets">
        {connected ? (
          <p className="flex flex-wrap items-center gap-2" data-testid="write-connected">
            <span className="text-zinc-500 dark:text-zinc-400">Sending from</span>
            <Address address={connected.account} testId="write-account" />
            <span className="text-zinc-500 dark:text-zinc-400">with {connected.wallet.info.name}; it asks you to approve each transaction.</span>
          </p>
        ) : wallets.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-300" data-testid="write-no-wallet">
            No browser wallet found. Install one (any that follows EIP-6963 or EIP-1193) to send transactions from this page; chainglass never holds a key.
          </p>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-zinc-600 dark:text-zinc-300">Connect a wallet to send:</span>
            {wallets.map((wallet) => {
              const icon = safeIcon(wallet.info.icon)
              return (
                <Button key={wallet.info.uuid} size="sm" onClick={() => void connect(wallet)} disabled={connecting !== null} data-testid="write-connect">
                  {icon && <img src={icon} alt="" className="size-4" />}
                  {connecting === wallet.info.uuid ? 'Connecting…' : wallet.info.name}
                </Button>
              )
            })}
          </div>
        )}
        {problem && (
          <p role="alert" className="text-red-700 dark:text-red-300" data-testid="write-wallet-problem">
            {problem}
          </p>
        )}
      </div>
      <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {writable.functions.map((fn, index) => (
          <WriteFunction key={toFunctionSignature(fn)} network={network} address={address} fn={fn} index={index} connected={connected} />
        ))}
      </ol>
    </Panel>
  )
}
