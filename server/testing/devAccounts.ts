import { mnemonicToAccount } from 'viem/accounts'

/** anvil's default mnemonic (published in its docs): its accounts are funded on every fresh anvil chain. */
export const anvilMnemonic = 'test test test test test test test test test test test junk'

export function devAccount(index: number) {
  return mnemonicToAccount(anvilMnemonic, { addressIndex: index })
}
