import type { APIRequestContext, Page } from '@playwright/test'
import type { HDAccount } from 'viem/accounts'
import type { Hex } from 'viem'
import { rpc, sendSigned } from './helpers.ts'

/**
 * A browser wallet for tests: a page script implementing EIP-1193 (request) and announcing itself the EIP-6963
 * way, holding one dev account. Signing happens in the test's process (exposed to the page as a function): it
 * signs with the dev key (viem) and sends the raw transaction to the gateway, as a wallet signs and broadcasts.
 * It starts on `chainId`, knows only that chain until told to add another (wallet_addEthereumChain), and records
 * every request, for the test to read; rejectNextSend makes it refuse the next transaction as a user would (4001).
 */
export type TestWallet = { calls(): Promise<Array<{ method: string; params: unknown }>>; rejectNextSend(): Promise<void> }

export async function installTestWallet(page: Page, request: APIRequestContext, gateway: string, account: HDAccount, chainId: Hex): Promise<TestWallet> {
  await page.exposeFunction('__testWalletSend', async (tx: { to: Hex; data: Hex; value?: Hex }) => {
    const value = BigInt(tx.value ?? '0x0')
    const gas = BigInt(await rpc<Hex>(request, gateway, 'eth_estimateGas', [{ from: account.address, to: tx.to, data: tx.data, value: `0x${value.toString(16)}` }]))
    return sendSigned(request, gateway, account, { to: tx.to, data: tx.data, value, gas: gas + gas / 5n })
  })
  await page.addInitScript(
    ({ address, chain }) => {
      const state = { chain: chain as string, known: new Set<string>([chain]), calls: [] as Array<{ method: string; params: unknown }>, reject: false }
      const fail = (code: number, message: string) => Object.assign(new Error(message), { code })
      const provider = {
        async request({ method, params }: { method: string; params?: unknown }) {
          state.calls.push({ method, params: params ?? null })
          if (state.reject && method === 'eth_sendTransaction') {
            state.reject = false
            throw fail(4001, 'User rejected the request.')
          }
          switch (method) {
            case 'eth_requestAccounts':
            case 'eth_accounts':
              return [address]
            case 'eth_chainId':
              return state.chain
            case 'wallet_switchEthereumChain': {
              const wanted = (params as Array<{ chainId: string }>)[0]!.chainId
              if (!state.known.has(wanted)) throw fail(4902, `Unrecognized chain ID "${wanted}".`)
              state.chain = wanted
              return null
            }
            case 'wallet_addEthereumChain':
              state.known.add((params as Array<{ chainId: string }>)[0]!.chainId)
              return null
            case 'eth_sendTransaction':
              return (window as unknown as { __testWalletSend(tx: unknown): Promise<string> }).__testWalletSend((params as unknown[])[0])
            default:
              throw fail(4200, `The test wallet does not support ${method}.`)
          }
        },
      }
      Object.assign(window, { __testWallet: state })
      const info = { uuid: '2f0b6a8e-6a1c-4a8e-9c3e-1f5f0d2b7c11', name: 'Test Wallet', icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Crect width="8" height="8" fill="%2322c55e"/%3E%3C/svg%3E', rdns: 'dev.chainglass.testwallet' }
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
    },
    { address: account.address, chain: chainId },
  )
  return {
    calls: () => page.evaluate(() => (window as unknown as { __testWallet: { calls: Array<{ method: string; params: unknown }> } }).__testWallet.calls),
    rejectNextSend: () => page.evaluate(() => void ((window as unknown as { __testWallet: { reject: boolean } }).__testWallet.reject = true)),
  }
}
