import { concat, getContractAddress, pad, type Address, type Hex } from 'viem'

/**
 * The Furnace's place and price. It is deployed through the CREATE2 factory every anvil starts with, so
 * its address follows from its code alone: the traffic finds it again after a restart and never needs a
 * scenario record for it.
 */
export const create2Factory: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
const salt = pad('0x00')

export function furnaceAddress(creationCode: Hex): Address {
  return getContractAddress({ opcode: 'CREATE2', from: create2Factory, salt, bytecode: creationCode })
}

/** The factory takes the salt and then the creation code as its calldata. */
export function furnaceDeployData(creationCode: Hex): Hex {
  return concat([salt, creationCode])
}

/** Measured on anvil: a burn costs 33,322 gas plus 120 a round once its slots are set. */
export const gasPerRound = 120n
const burnBase = 33_322n
/**
 * What a burn's gas limit adds over that: two cold zero-to-set slot writes (40,000) for a first burn, in
 * the Furnace or in a freshly delegated account, and a little room so a burn never runs out.
 */
const firstBurnRoom = 45_000n

/** The gas limit for `rounds` rounds: what it uses, plus the room a first burn needs. */
export function burnGas(rounds: bigint): bigint {
  return burnBase + firstBurnRoom + gasPerRound * rounds
}

/** The most rounds whose gas limit fits within `gas`. */
export function roundsWithin(gas: bigint): bigint {
  const spare = gas - burnBase - firstBurnRoom
  return spare > 0n ? spare / gasPerRound : 0n
}
