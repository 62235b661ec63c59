import { parseUnits, type Address } from 'viem'
import { devAccount, roles } from './devAccounts.ts'

/**
 * What the demo scenario does, as data: which contracts, which calls from which accounts, in which
 * block. Pure, so the state it must leave behind is computed here (expectedState) and checked
 * against the chain by the tests, not read back from the chain and trusted.
 */

export type ContractName = 'token' | 'nft' | 'reverter' | 'emitter' | 'layout'

export const deployments = [
  { name: 'token', contract: 'GlassToken', args: ['Glass Token', 'GLS', 18] },
  { name: 'nft', contract: 'GlassNft', args: ['Glass Shards', 'SHARD'] },
  { name: 'reverter', contract: 'Reverter', args: [] },
  { name: 'emitter', contract: 'LogEmitter', args: [] },
  // Every Solidity storage layout rule, set in its constructor: the storage calculator's showcase.
  { name: 'layout', contract: 'LayoutShowcase', args: [] },
] as const satisfies ReadonlyArray<{ name: ContractName; contract: string; args: readonly unknown[] }>

export const tokenDecimals = 18
const tokens = (amount: string) => parseUnits(amount, tokenDecimals)

/**
 * Logs per emitMany transaction: 12,500 in all, more than the gateway's 10,000-result limit, while
 * no single block holds more than 10,000 (each call goes in its own phase, so its own block), so a
 * client that splits the range by blocks can still read every one. 4,200 logs cost ~6.6M gas
 * (measured), under a quarter of the 30M block gas limit.
 */
export const emitterBatches = [4200, 4200, 4100] as const

/** A setValue argument the Reverter refuses: the transaction is mined with status 0. */
export const failingValue = 5000n

export type Step = {
  /** Dev account index of the sender. */
  from: number
  contract: ContractName
  fn: string
  args: readonly unknown[]
  expect: 'success' | 'revert'
}

/** Steps of one phase go out together; a phase starts once the previous one is mined. */
export type Phase = { name: string; steps: Step[] }

const address = (index: number): Address => devAccount(index).address
const [h1, h2, h3, h4] = roles.holders

function call(from: number, contract: ContractName, fn: string, args: readonly unknown[], expect: Step['expect'] = 'success'): Step {
  return { from, contract, fn, args, expect }
}

/**
 * The three phases after deployment. Holders act only after the phase that funds or mints to them,
 * and within a phase no sender's call depends on another sender's: the node may mine them in any
 * order (a sender's own calls keep their order through the nonces).
 */
export function scenarioPhases(): Phase[] {
  const deployer = roles.deployer
  return [
    {
      name: 'seed',
      steps: [
        call(deployer, 'token', 'mint', [address(h1), tokens('1000000')]),
        call(deployer, 'token', 'mint', [address(h2), tokens('250000')]),
        call(deployer, 'token', 'mint', [address(h3), tokens('12345.678')]),
        call(deployer, 'token', 'mint', [address(h4), tokens('0.5')]),
        // The traffic generator's float: traffic moves only these, so the holders' numbers stay put.
        ...roles.traffic.map((index) => call(deployer, 'token', 'mint', [address(index), tokens('100000')])),
        call(deployer, 'nft', 'mint', [address(h1)]), // id 1
        call(deployer, 'nft', 'mint', [address(h1)]), // id 2
        call(deployer, 'nft', 'mint', [address(h2)]), // id 3
        call(deployer, 'nft', 'mint', [address(h2)]), // id 4
        call(deployer, 'nft', 'mint', [address(h3)]), // id 5
        call(deployer, 'nft', 'mint', [address(h1)]), // id 6
        call(deployer, 'emitter', 'emitMany', [BigInt(emitterBatches[0])]),
        call(h1, 'token', 'approve', [address(h2), tokens('5000')]),
        call(h1, 'token', 'approve', [address(h3), tokens('1000')]),
        call(h2, 'token', 'approve', [address(h1), tokens('2500')]),
        call(h2, 'nft', 'setApprovalForAll', [address(h4), true]),
        call(h3, 'token', 'approve', [address(h4), tokens('750')]),
      ],
    },
    {
      name: 'exchange',
      steps: [
        call(h1, 'token', 'transfer', [address(h4), tokens('1500')]),
        call(h1, 'nft', 'approve', [address(h3), 1n]),
        call(h1, 'nft', 'transferFrom', [address(h1), address(h2), 6n]),
        // h2 spends part of h1's allowance: the nested mapping holds a value that is not a round approval.
        call(h2, 'token', 'transferFrom', [address(h1), address(h3), tokens('2000')]),
        call(h3, 'token', 'transfer', [address(h2), tokens('345.678')]),
        call(h3, 'reverter', 'setValue', [failingValue], 'revert'),
        // h4 moves h2's token 3 as h2's operator.
        call(h4, 'nft', 'transferFrom', [address(h2), address(h4), 3n]),
        call(h4, 'reverter', 'setValue', [42n]),
        call(deployer, 'emitter', 'emitMany', [BigInt(emitterBatches[1])]),
      ],
    },
    {
      name: 'emit',
      steps: [call(deployer, 'emitter', 'emitMany', [BigInt(emitterBatches[2])])],
    },
  ]
}

/**
 * Gas limits for the seeding calls, fixed rather than estimated: a call's cost can depend on what
 * the same block mines before it, and an estimate taken before the block would be a guess anyway.
 * Each is ~1.5x what the call uses on a fresh chain. emitMany is estimated (its cost grows with n).
 */
export const stepGas: Record<string, bigint> = {
  'token.mint': 120_000n,
  'token.transfer': 90_000n,
  'token.approve': 70_000n,
  'token.transferFrom': 100_000n,
  'nft.mint': 120_000n,
  'nft.approve': 70_000n,
  'nft.setApprovalForAll': 70_000n,
  'nft.transferFrom': 100_000n,
  'reverter.setValue': 90_000n,
}

export type ExpectedState = {
  totalSupply: bigint
  balances: Map<Address, bigint>
  allowances: Map<Address, Map<Address, bigint>>
  nftOwners: Map<bigint, Address>
  nftApprovals: Map<bigint, Address>
  nftOperators: Map<Address, Map<Address, boolean>>
  reverterValue: bigint
  logs: number
}

function nested<V>(map: Map<Address, Map<Address, V>>, key: Address): Map<Address, V> {
  let inner = map.get(key)
  if (!inner) map.set(key, (inner = new Map()))
  return inner
}

/** Replays the phases on a model of the four contracts (the same rules their Solidity follows). */
export function expectedState(phases: Phase[]): ExpectedState {
  const state: ExpectedState = {
    totalSupply: 0n,
    balances: new Map(),
    allowances: new Map(),
    nftOwners: new Map(),
    nftApprovals: new Map(),
    nftOperators: new Map(),
    reverterValue: 0n,
    logs: 0,
  }
  let nextNft = 1n
  const add = (who: Address, amount: bigint) => state.balances.set(who, (state.balances.get(who) ?? 0n) + amount)
  for (const step of phases.flatMap((phase) => phase.steps)) {
    if (step.expect === 'revert') continue
    const sender = address(step.from)
    const args = step.args
    switch (`${step.contract}.${step.fn}`) {
      case 'token.mint':
        state.totalSupply += args[1] as bigint
        add(args[0] as Address, args[1] as bigint)
        break
      case 'token.transfer':
        add(sender, -(args[1] as bigint))
        add(args[0] as Address, args[1] as bigint)
        break
      case 'token.approve':
        nested(state.allowances, sender).set(args[0] as Address, args[1] as bigint)
        break
      case 'token.transferFrom': {
        const allowances = nested(state.allowances, args[0] as Address)
        allowances.set(sender, (allowances.get(sender) ?? 0n) - (args[2] as bigint))
        add(args[0] as Address, -(args[2] as bigint))
        add(args[1] as Address, args[2] as bigint)
        break
      }
      case 'nft.mint':
        state.nftOwners.set(nextNft++, args[0] as Address)
        break
      case 'nft.approve':
        state.nftApprovals.set(args[1] as bigint, args[0] as Address)
        break
      case 'nft.setApprovalForAll':
        nested(state.nftOperators, sender).set(args[0] as Address, args[1] as boolean)
        break
      case 'nft.transferFrom':
        state.nftOwners.set(args[2] as bigint, args[1] as Address)
        state.nftApprovals.delete(args[2] as bigint)
        break
      case 'reverter.setValue':
        state.reverterValue = args[0] as bigint
        break
      case 'emitter.emitMany':
        state.logs += Number(args[0] as bigint)
        break
      default:
        throw new Error(`the scenario model does not know ${step.contract}.${step.fn}`)
    }
  }
  return state
}
