// Tests take dev accounts from the one place that derives them (and says which the scenario uses).
export { devAccount } from '../chain/devAccounts.ts'
