import { mnemonicToAccount, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { toHex } from 'viem'

/**
 * anvil's well-known development mnemonic: anvil funds its first ten accounts (10,000 ETH each).
 * Public test keys, worthless anywhere else; still, no key is ever written to a log.
 */
export const devMnemonic = 'test test test test test test test test test test test junk'
export const devAccountCount = 10

/**
 * Who does what, so the scenario's recorded state stays true while traffic runs:
 * the deployer and the holders act only in the scenario; traffic uses its own accounts
 * for everything that changes token or NFT state.
 */
export const roles = {
  deployer: 0,
  holders: [1, 2, 3, 4],
  traffic: [5, 6, 7, 8, 9],
} as const

const cache = new Map<number, PrivateKeyAccount>()

/** Dev account `index` (BIP-44 path m/44'/60'/0'/0/index), derived once: the derivation is slow. */
export function devAccount(index: number): PrivateKeyAccount {
  let account = cache.get(index)
  if (!account) {
    const privateKey = mnemonicToAccount(devMnemonic, { addressIndex: index }).getHdKey().privateKey
    if (!privateKey) throw new Error(`could not derive dev account ${index}`)
    account = privateKeyToAccount(toHex(privateKey))
    cache.set(index, account)
  }
  return account
}
