// Tests take dev accounts from the one place that derives them (and says which the scenario uses).
import { parseEther } from 'viem'
import { devAccount } from '../chain/devAccounts.ts'

export { devAccount }

/** A signed 0.001 ETH transfer from `account` to 0x…dEaD on the devnet (chain 31337) with the given nonce. */
export async function signedTransfer(account: ReturnType<typeof devAccount>, nonce: number) {
  return account.signTransaction({
    chainId: 31337,
    type: 'eip1559',
    to: '0x000000000000000000000000000000000000dEaD',
    value: parseEther('0.001'),
    nonce,
    gas: 21_000n,
    maxFeePerGas: 10_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  })
}
