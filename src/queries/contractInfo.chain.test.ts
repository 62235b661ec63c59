import fs from 'node:fs'
import path from 'node:path'
import { encodeDeployData, getAddress, type Abi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { chainOf, createChainClient } from '../../server/chain/chainClient.ts'
import { feeFields, readBaseFee } from '../../server/chain/fees.ts'
import { devAccount } from '../../server/testing/devAccounts.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { postedMethods, recordGatewayPosts, serviceNetwork, startUnitTestService, type TestService } from '../testing/realService.ts'
import { contractInfoQuery } from './contractInfo.ts'
import { createQueryClient } from './queryClient.ts'

/**
 * contractInfoQuery against the real chain: OpenZeppelin's own proxies (their published build artifacts)
 * and EIP-1167's published clone code, deployed on anvil. What leaves the app is recorded by wrapping the
 * global fetch (observation, not interception).
 */

let service: TestService
let network: Network
let posts: unknown[] = []
const deployed: Record<'implementation' | 'proxy1967' | 'beacon' | 'beaconProxy' | 'clone', Address> = {} as never

function openZeppelin(name: string): { abi: Abi; bytecode: Hex } {
  const file = path.resolve(import.meta.dirname, `../../node_modules/@openzeppelin/contracts/build/contracts/${name}.json`)
  return JSON.parse(fs.readFileSync(file, 'utf8')) as { abi: Abi; bytecode: Hex }
}

beforeAll(async () => {
  vi.stubGlobal('WebSocket', WebSocket)
  // A still chain: each deployment is mined into its own block as it arrives, nothing else moves it.
  service = await startUnitTestService({ blockTime: 0 })
  posts = recordGatewayPosts(service)
  network = serviceNetwork(service)

  const sender = createChainClient(service.urls.rpc)
  const account = devAccount(3)
  const [chain, baseFee] = await Promise.all([chainOf(sender), readBaseFee(sender)])
  let nonce = await sender.getTransactionCount({ address: account.address, blockTag: 'pending' })
  const deploy = async (data: Hex): Promise<Address> => {
    const hash = await sender.sendTransaction({ account, chain, nonce: nonce++, to: null, data, gas: 3_000_000n, ...feeFields('eip1559', baseFee) })
    const receipt = await sender.waitForTransactionReceipt({ hash, timeout: 10_000 })
    if (receipt.status !== 'success' || !receipt.contractAddress) {
      const why = await sender.call({ account: account.address, data }).then(() => 'no revert when simulated', (error: Error) => error.message)
      throw new Error(`deployment failed (gas used ${receipt.gasUsed}): ${why}`)
    }
    return getAddress(receipt.contractAddress)
  }
  // Any code will do as the implementation: 10 bytes that return 42 to any call. OpenZeppelin 5.7's proxies
  // refuse to be deployed uninitialized, so each is given an (arbitrary) initializing call, which it answers.
  deployed.implementation = await deploy('0x600a600c600039600a6000f3602a60005260206000f3')
  const erc1967 = openZeppelin('ERC1967Proxy')
  deployed.proxy1967 = await deploy(encodeDeployData({ abi: erc1967.abi, bytecode: erc1967.bytecode, args: [deployed.implementation, '0x8129fc1c'] }))
  const beacon = openZeppelin('UpgradeableBeacon')
  deployed.beacon = await deploy(encodeDeployData({ abi: beacon.abi, bytecode: beacon.bytecode, args: [deployed.implementation, account.address] }))
  const beaconProxy = openZeppelin('BeaconProxy')
  deployed.beaconProxy = await deploy(encodeDeployData({ abi: beaconProxy.abi, bytecode: beaconProxy.bytecode, args: [deployed.beacon, '0x8129fc1c'] }))
  // EIP-1167's published creation code: 3d602d80600a3d3981f3, then the 45-byte clone with the address in it.
  deployed.clone = await deploy(`0x3d602d80600a3d3981f3363d3d373d3d3d363d73${deployed.implementation.slice(2)}5af43d82803e903d91602b57fd5bf3`)
})

afterAll(async () => {
  vi.unstubAllGlobals()
  await service?.close()
})


describe('contractInfoQuery', () => {
  it('finds an EIP-1967 proxy (OpenZeppelin ERC1967Proxy) with code and slots read in one POST', async () => {
    posts.length = 0
    const info = await createQueryClient().fetchQuery(contractInfoQuery(network, deployed.proxy1967))
    expect(info.proxy).toEqual({ kind: 'eip1967', implementation: deployed.implementation, admin: null })
    expect(info.implementation).toBe(deployed.implementation)
    expect(info.selectors).toEqual([])
    expect(postedMethods(posts)).toEqual([['eth_getCode', 'eth_getStorageAt', 'eth_getStorageAt', 'eth_getStorageAt', 'eth_getStorageAt']])
  })

  it('follows a beacon proxy (OpenZeppelin BeaconProxy) to what its beacon answers, in a second request', async () => {
    posts.length = 0
    const info = await createQueryClient().fetchQuery(contractInfoQuery(network, deployed.beaconProxy))
    expect(info.proxy).toEqual({ kind: 'beacon', beacon: deployed.beacon, admin: null })
    expect(info.implementation).toBe(deployed.implementation)
    expect(postedMethods(posts)).toEqual([['eth_getCode', 'eth_getStorageAt', 'eth_getStorageAt', 'eth_getStorageAt', 'eth_getStorageAt'], ['eth_call']])
  })

  it('reads an EIP-1167 clone’s implementation from its code', async () => {
    const info = await createQueryClient().fetchQuery(contractInfoQuery(network, deployed.clone))
    expect(info.proxy).toEqual({ kind: 'eip1167', implementation: deployed.implementation })
  })

  it('calls the beacon itself no proxy, and lists its functions (owner, implementation, upgradeTo…)', async () => {
    const info = await createQueryClient().fetchQuery(contractInfoQuery(network, deployed.beacon))
    expect(info.proxy).toBeNull()
    // UpgradeableBeacon's implementation() is 0x5c60da1b and owner() 0x8da5cb5b (keccak of the signatures).
    expect(info.selectors).toEqual(expect.arrayContaining(['0x5c60da1b', '0x8da5cb5b']))
  })
})
