import { getAddress, isAddress, isHash, type Address, type Hash, type Hex } from 'viem'
import { rpcHttpUrl } from '../../contract/endpoints.ts'
import { sameChainId } from '../format/hex.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { isProviderError, type Wallet } from './eip6963.ts'
import { ChainglassError } from '../../contract/errors.ts'

/**
 * What the Write tab asks of a wallet (EIP-1193): its account (eth_requestAccounts), to be on the network shown
 * (wallet_switchEthereumChain, or wallet_addEthereumChain first when the wallet does not know the chain: EIP-3085,
 * EIP-3326), and to sign and send a transaction (eth_sendTransaction). Every answer a wallet gives is checked.
 */

/** A wallet's refusal or failure, in words for the page. */
export class WalletError extends ChainglassError {
  override name = 'WalletError'
}

function explain(error: unknown, what: string): WalletError {
  if (isProviderError(error)) {
    if (error.code === 4001) return new WalletError(`You declined to ${what} in the wallet.`)
    if (error.code === 4100) return new WalletError(`The wallet has not allowed this page to ${what}: connect it first.`)
    return new WalletError(`The wallet could not ${what}: ${error.message} (code ${error.code})`)
  }
  return new WalletError(`The wallet could not ${what}: ${error instanceof Error ? error.message : String(error)}`)
}

export async function connectWallet(wallet: Wallet): Promise<Address> {
  let accounts: unknown
  try {
    accounts = await wallet.provider.request({ method: 'eth_requestAccounts' })
  } catch (error) {
    throw explain(error, 'share an account')
  }
  const first = Array.isArray(accounts) ? accounts[0] : undefined
  if (typeof first !== 'string' || !isAddress(first, { strict: false })) throw new WalletError('The wallet shared no account.')
  return getAddress(first)
}

/** Puts the wallet on the network's chain, adding the chain to it when it does not know it (code 4902). */
export async function ensureChain(wallet: Wallet, network: Network): Promise<void> {
  const current = await wallet.provider.request({ method: 'eth_chainId' }).catch((error: unknown) => {
    throw explain(error, 'say its chain')
  })
  if (sameChainId(current, network.chainId)) return
  const chainId = `0x${BigInt(network.chainId).toString(16)}`
  try {
    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  } catch (error) {
    if (!isProviderError(error) || error.code !== 4902) throw explain(error, `switch to ${network.label}`)
    const rpcUrl = new URL(rpcHttpUrl(network), globalThis.location?.href ?? 'http://localhost/').href
    try {
      await wallet.provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId, chainName: network.label, rpcUrls: [rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }] })
      await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    } catch (addError) {
      throw explain(addError, `add ${network.label}`)
    }
  }
}

export type WalletTransaction = { from: Address; to: Address; data: Hex; value: bigint }

/** Signed and sent by the wallet; resolves with the transaction's hash. */
export async function sendThroughWallet(wallet: Wallet, transaction: WalletTransaction): Promise<Hash> {
  let hash: unknown
  try {
    hash = await wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: transaction.from, to: transaction.to, data: transaction.data, value: `0x${transaction.value.toString(16)}` }],
    })
  } catch (error) {
    throw explain(error, 'send the transaction')
  }
  if (typeof hash !== 'string' || !isHash(hash)) throw new WalletError('The wallet answered without a transaction hash.')
  return hash
}
