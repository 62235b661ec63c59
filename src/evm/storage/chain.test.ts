import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { concatHex, decodeFunctionResult, encodeFunctionData, getAddress, hexToBigInt, hexToString, keccak256, sliceHex, toHex, type Abi, type Hex } from 'viem'
import { startTestService, type TestService } from '../../../server/testing/service.ts'
import { devAccount } from '../../../server/chain/devAccounts.ts'
import { extractPacked, readWord } from './decode.ts'
import { parseStorageLayout, valueBytes, walkPath, type Cursor, type StorageLayout } from './layout.ts'
import { erc1967Slot, erc7201Slot, slotHex, stringSlots } from './slots.ts'

/**
 * The ground truth is the chain: the demo scenario's contracts, compiled by solc and deployed, read two
 * ways — at the slot this module computes (eth_getStorageAt) and through the contract's own getter
 * (eth_call). The two must agree for every layout rule.
 */
let service: TestService
type Contract = { address: Hex; abi: Abi; layout: StorageLayout }
let showcase: Contract
let token: Contract

beforeAll(async () => {
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0' }, { scenario: true })
  const scenario = service.scenario! as unknown as { contracts: Record<string, Hex>; artifacts: string }
  const artifacts = JSON.parse(fs.readFileSync(scenario.artifacts, 'utf8')) as { contracts: Record<string, { abi: Abi; storageLayout: unknown }> }
  const load = (name: string, contract: string): Contract => ({
    address: scenario.contracts[name]!,
    abi: artifacts.contracts[contract]!.abi,
    // Through the same parser a pasted layout goes through.
    layout: parseStorageLayout(JSON.stringify(artifacts.contracts[contract]!.storageLayout)),
  })
  showcase = load('layout', 'LayoutShowcase')
  token = load('token', 'GlassToken')
})
afterAll(async () => {
  await service?.close()
})

async function storageAt(contract: Contract, slot: bigint): Promise<Hex> {
  const reply = await service.rpc('eth_getStorageAt', [contract.address, slotHex(slot), 'latest'])
  return reply.result as Hex
}

async function getter(contract: Contract, functionName: string, args: unknown[] = []): Promise<unknown> {
  const data = encodeFunctionData({ abi: contract.abi, functionName, args } as never)
  const reply = await service.rpc('eth_call', [{ to: contract.address, data }, 'latest'])
  if (reply.error) throw new Error(`${functionName}: ${reply.error.message}`)
  return decodeFunctionResult({ abi: contract.abi, functionName, data: reply.result as Hex } as never)
}

async function valueAt(contract: Contract, cursor: Cursor): Promise<Hex> {
  return extractPacked(await storageAt(contract, cursor.slot), cursor.offset, valueBytes(contract.layout, cursor))
}

async function stringAt(contract: Contract, slot: bigint): Promise<string | Hex> {
  const word = await storageAt(contract, slot)
  const reading = readWord(word)
  if (reading.shortString !== null) return reading.shortString
  const length = reading.longStringLength!
  const { dataSlots } = stringSlots(slot, length)
  const data = concatHex(await Promise.all(dataSlots.map((s) => storageAt(contract, s))))
  return sliceHex(data, 0, length)
}

describe('value types, packed and whole', () => {
  it('packed variables in slot 0 and a whole uint256', async () => {
    expect(hexToBigInt(await valueAt(showcase, walkPath(showcase.layout, 'small')))).toBe(BigInt((await getter(showcase, 'small')) as number))
    expect(hexToBigInt(await valueAt(showcase, walkPath(showcase.layout, 'medium')))).toBe(BigInt((await getter(showcase, 'medium')) as number))
    expect(hexToBigInt(await valueAt(showcase, walkPath(showcase.layout, 'flag'))) === 1n).toBe(await getter(showcase, 'flag'))
    expect(getAddress(await valueAt(showcase, walkPath(showcase.layout, 'who')))).toBe(await getter(showcase, 'who'))
    expect(hexToBigInt(await valueAt(showcase, walkPath(showcase.layout, 'big')))).toBe(await getter(showcase, 'big'))
  })
})

describe('strings and bytes', () => {
  it('a short string in its slot, a long string and long bytes from keccak256(pad32(slot))', async () => {
    expect(await stringAt(showcase, walkPath(showcase.layout, 'shortText').slot)).toBe(await getter(showcase, 'shortText'))
    const long = await stringAt(showcase, walkPath(showcase.layout, 'longText').slot)
    expect(hexToString(long as Hex)).toBe(await getter(showcase, 'longText'))
    expect(await stringAt(showcase, walkPath(showcase.layout, 'blob').slot)).toBe(await getter(showcase, 'blob'))
  })
})

describe('arrays', () => {
  it('dynamic arrays of packed and whole elements, and a fixed array', async () => {
    for (const index of [0, 15, 16, 19]) {
      const cursor = walkPath(showcase.layout, `packedList[${index}]`)
      expect(hexToBigInt(await valueAt(showcase, cursor)), `packedList[${index}]`).toBe(BigInt((await getter(showcase, 'packedList', [BigInt(index)])) as number))
    }
    expect(hexToBigInt(await storageAt(showcase, walkPath(showcase.layout, 'packedList').slot))).toBe(await getter(showcase, 'packedListLength'))
    expect(hexToBigInt(await valueAt(showcase, walkPath(showcase.layout, 'wideList[2]')))).toBe(await getter(showcase, 'wideList', [2n]))
    for (const index of [0, 1, 2]) {
      expect(hexToBigInt(await valueAt(showcase, walkPath(showcase.layout, `fixedPair[${index}]`)))).toBe(await getter(showcase, 'fixedPair', [BigInt(index)]))
    }
    expect(() => walkPath(showcase.layout, 'fixedPair[3]')).toThrow(/out of range/)
  })
})

describe('structs', () => {
  it('members of a struct variable and of structs in an array', async () => {
    const [x, y, owner, weight] = (await getter(showcase, 'point')) as [bigint, bigint, Hex, bigint]
    expect(hexToBigInt(await valueAt(showcase, walkPath(showcase.layout, 'point.x')))).toBe(x)
    expect(hexToBigInt(await valueAt(showcase, walkPath(showcase.layout, 'point.y')))).toBe(y)
    expect(getAddress(await valueAt(showcase, walkPath(showcase.layout, 'point.owner')))).toBe(owner)
    expect(hexToBigInt(await valueAt(showcase, walkPath(showcase.layout, 'point.weight')))).toBe(weight)
    const second = (await getter(showcase, 'points', [1n])) as [bigint, bigint, Hex, bigint]
    expect(hexToBigInt(await valueAt(showcase, walkPath(showcase.layout, 'points[1].y')))).toBe(second[1])
    expect(getAddress(await valueAt(showcase, walkPath(showcase.layout, 'points[1].owner')))).toBe(second[2])
    expect(hexToBigInt(await valueAt(showcase, walkPath(showcase.layout, 'points[1].weight')))).toBe(second[3])
  })
})

describe('mappings', () => {
  it('string keys (unpadded), struct values, nested mappings and bytes32 keys', async () => {
    for (const key of ['alice', 'a key that is longer than thirty-two bytes, unpadded']) {
      expect(hexToBigInt(await valueAt(showcase, walkPath(showcase.layout, `byName[${key}]`))), key).toBe(await getter(showcase, 'byName', [key]))
    }
    const byId = (await getter(showcase, 'byId', [42n])) as [bigint, bigint, Hex, bigint]
    expect(getAddress(await valueAt(showcase, walkPath(showcase.layout, 'byId[42].owner')))).toBe(byId[2])
    const who = '0x0000000000000000000000000000000000C0FFEE'
    expect(hexToBigInt(await valueAt(showcase, walkPath(showcase.layout, `grid[${who}][7]`))) === 1n).toBe(await getter(showcase, 'grid', [who, 7n]))
    const release = keccak256(toHex('release'))
    expect(await stringAt(showcase, walkPath(showcase.layout, `tags[${release}]`).slot)).toBe(await getter(showcase, 'tags', [release]))
  })

  it("the demo token's balances and allowances equal balanceOf and allowance for several holders", async () => {
    const holders = [1, 2, 3, 4].map((index) => devAccount(index).address)
    for (const holder of holders) {
      expect(hexToBigInt(await valueAt(token, walkPath(token.layout, `balanceOf[${holder}]`))), holder).toBe(await getter(token, 'balanceOf', [holder]))
      for (const spender of holders) {
        expect(hexToBigInt(await valueAt(token, walkPath(token.layout, `allowance[${holder}][${spender}]`)))).toBe(await getter(token, 'allowance', [holder, spender]))
      }
    }
    expect(await stringAt(token, walkPath(token.layout, 'name').slot)).toBe(await getter(token, 'name'))
    expect(hexToBigInt(await valueAt(token, walkPath(token.layout, 'decimals')))).toBe(BigInt((await getter(token, 'decimals')) as number))
    expect(getAddress(await valueAt(token, walkPath(token.layout, 'owner')))).toBe(await getter(token, 'owner'))
  })
})

describe('proxy and namespaced storage', () => {
  it('the ERC-1967 implementation slot and an ERC-7201 namespace', async () => {
    const implementation = extractPacked(await storageAt(showcase, erc1967Slot('implementation').slot), 0, 20)
    expect(getAddress(implementation)).toBe(await getter(showcase, 'implementation'))
    const root = erc7201Slot('chainglass.showcase').at(-1)!.slot
    const [total, keeper] = (await getter(showcase, 'vault')) as [bigint, Hex]
    expect(hexToBigInt(await storageAt(showcase, root))).toBe(total)
    expect(getAddress(extractPacked(await storageAt(showcase, root + 1n), 0, 20))).toBe(keeper)
  })
})
