/* global module */
// The second EVM engine the tests run chainglass against (server/testing/hardhatNode.ts): Hardhat's own
// node, a block every second as well as one per transaction, on the chain id anvil also uses by default.
module.exports = {
  networks: {
    hardhat: { chainId: 31337, mining: { auto: true, interval: 1000 } },
  },
}
