/* global module */
// The second EVM engine the tests run chainglass against (server/testing/hardhatNode.ts): Hardhat's own
// node, a block every second as well as one per transaction, on the chain id anvil also uses by default. A
// transaction that reverts is mined and its hash returned, as any node does (not thrown, Hardhat's default).
module.exports = {
  networks: {
    hardhat: { chainId: 31337, mining: { auto: true, interval: 1000 }, throwOnTransactionFailures: false },
  },
}
