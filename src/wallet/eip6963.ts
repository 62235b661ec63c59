import { createListeners } from '../state/listeners.ts'

/**
 * Browser wallets, found the way EIP-6963 says: each wallet announces itself (an `eip6963:announceProvider`
 * event carrying its info and its EIP-1193 provider) when the page asks (`eip6963:requestProvider`), and again
 * whenever it asks. A wallet that only sets `window.ethereum` (before EIP-6963) is offered too, as "Browser
 * wallet". The app never holds a key: every signature is the wallet's.
 */

export type Eip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>
  on?(event: string, listener: (...args: unknown[]) => void): void
  removeListener?(event: string, listener: (...args: unknown[]) => void): void
}

/** EIP-6963's EIP6963ProviderInfo. */
export type WalletInfo = { uuid: string; name: string; icon: string; rdns: string }

export type Wallet = { info: WalletInfo; provider: Eip1193Provider }

/** EIP-1193's error shape: a numeric code (4001 rejected by the user, 4902 unknown chain) and a message. */
export type ProviderError = { code: number; message: string }

export function isProviderError(error: unknown): error is ProviderError {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number' && typeof (error as { message?: unknown }).message === 'string'
}

/** An icon a wallet gave: only a data: URI of an image is shown (EIP-6963 asks for one; anything else is not loaded). */
export function safeIcon(icon: string): string | null {
  return /^data:image\/(svg\+xml|png|webp|gif|jpeg)[;,]/i.test(icon) ? icon : null
}

const wallets = new Map<string, Wallet>()
const listeners = createListeners()
let list: readonly Wallet[] = []
let listening = false

function publish(): void {
  list = [...wallets.values()]
  listeners.notify()
}

function onAnnounce(event: Event): void {
  const detail = (event as CustomEvent<Wallet>).detail
  if (!detail?.info?.uuid || typeof detail.provider?.request !== 'function') return
  wallets.set(detail.info.uuid, { info: { uuid: String(detail.info.uuid), name: String(detail.info.name ?? 'Wallet'), icon: String(detail.info.icon ?? ''), rdns: String(detail.info.rdns ?? '') }, provider: detail.provider })
  publish()
}

/** Starts listening (once) and asks the wallets to announce themselves. */
export function requestWallets(): void {
  if (typeof window === 'undefined') return
  if (!listening) {
    listening = true
    window.addEventListener('eip6963:announceProvider', onAnnounce)
  }
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  const injected = (window as unknown as { ethereum?: Eip1193Provider }).ethereum
  if (injected && typeof injected.request === 'function' && ![...wallets.values()].some((wallet) => wallet.provider === injected)) {
    // Given a moment to announce first: an EIP-6963 wallet also sets window.ethereum, and is better named by its announcement.
    setTimeout(() => {
      if ([...wallets.values()].some((wallet) => wallet.provider === injected)) return
      wallets.set('window.ethereum', { info: { uuid: 'window.ethereum', name: 'Browser wallet', icon: '', rdns: '' }, provider: injected })
      publish()
    }, 300)
  }
}

export const subscribeWallets = listeners.subscribe

export function walletsSnapshot(): readonly Wallet[] {
  return list
}
