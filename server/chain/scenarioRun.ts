import { encodeDeployData, encodeFunctionData, getContractAddress, type Address, type Hex } from 'viem'
import { artifactOf, type Artifacts } from './compile.ts'
import { devAccount, roles } from './devAccounts.ts'
import { deployments, scenarioPhases, stepGas, type ContractName, type Phase, type Step } from './scenarioPlan.ts'
import type { Rpc } from './rpc.ts'
import { readFeeContext, sendRawBatch, signTx, waitForReceipts, type Receipt, type UnsignedTx } from './transactions.ts'

/** One transaction of the scenario, as it ended up on chain. */
export type Mined = { step: Step | null; hash: Hex; receipt: Receipt }

export type ScenarioRun = {
  chainId: number
  contracts: Record<ContractName, Address>
  deployments: Record<ContractName, Mined>
  phases: Array<{ name: string; mined: Mined[] }>
}

type Outgoing = { from: number; tx: UnsignedTx; step: Step | null; expect: 'success' | 'revert' }

/** Next nonce per dev account, read once ('pending' counts what the node already holds) and then counted here. */
async function readNonces(rpc: Rpc, indexes: number[]): Promise<Map<number, number>> {
  const outcomes = await rpc.batch(
    indexes.map((index) => ({ method: 'eth_getTransactionCount', params: [devAccount(index).address, 'pending'] })),
  )
  return new Map(
    outcomes.map((outcome, position) => {
      if (!outcome.ok) throw outcome.error
      return [indexes[position]!, Number(outcome.result as Hex)]
    }),
  )
}

function takeNonce(nonces: Map<number, number>, index: number): number {
  const nonce = nonces.get(index)
  if (nonce === undefined) throw new Error(`no nonce read for dev account ${index}`)
  nonces.set(index, nonce + 1)
  return nonce
}

/** Estimates with a 10% margin, for the transactions whose cost is not fixed (creations, emitMany). */
async function estimate(rpc: Rpc, from: Address, to: Address | null, data: Hex): Promise<bigint> {
  const call = to ? { from, to, data } : { from, data }
  const gas = BigInt(await rpc.call<Hex>('eth_estimateGas', [call, 'latest']))
  return (gas * 11n) / 10n
}

/** Signs and sends one group in a single batch, then waits until all are mined and checks each status. */
async function sendAndMine(rpc: Rpc, label: string, outgoing: Outgoing[]): Promise<Mined[]> {
  const fees = await readFeeContext(rpc)
  const raws = await Promise.all(outgoing.map(({ from, tx }) => signTx(devAccount(from), tx, fees)))
  const outcomes = await sendRawBatch(rpc, raws)
  const hashes = outcomes.map((outcome, index) => {
    if (!outcome.ok) throw new Error(`scenario ${label}: transaction ${index + 1} of ${outcomes.length} was refused: ${outcome.error.message}`)
    return outcome.result as Hex
  })
  const receipts = await waitForReceipts(rpc, hashes)
  return outgoing.map(({ step, expect }, index) => {
    const hash = hashes[index]!
    const receipt = receipts.get(hash)!
    const wanted = expect === 'success' ? '0x1' : '0x0'
    if (receipt.status !== wanted) {
      const what = step ? `${step.contract}.${step.fn}` : 'creation'
      throw new Error(`scenario ${label}: ${what} (${hash}) ended with status ${receipt.status}, expected ${wanted}`)
    }
    return { step, hash, receipt }
  })
}

/**
 * Deploys the four contracts from the deployer (one block), then runs the plan's phases (one block
 * each). Nonces are explicit, so every transaction of a phase is sent at once and the node mines
 * them together; the order of the plan is the order of each account's nonces.
 */
export async function runScenario(rpc: Rpc, artifacts: Artifacts, phases: Phase[] = scenarioPhases()): Promise<ScenarioRun> {
  const deployer = devAccount(roles.deployer).address
  const nonces = await readNonces(rpc, [roles.deployer, ...roles.holders])
  const { chainId } = await readFeeContext(rpc)

  const creations = await Promise.all(
    deployments.map(async (deployment) => {
      const artifact = artifactOf(artifacts, deployment.contract)
      const data = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: deployment.args })
      return { deployment, data, gas: await estimate(rpc, deployer, null, data) }
    }),
  )
  const contracts = {} as Record<ContractName, Address>
  const outgoing: Outgoing[] = creations.map(({ deployment, data, gas }) => {
    const nonce = takeNonce(nonces, roles.deployer)
    contracts[deployment.name] = getContractAddress({ from: deployer, nonce: BigInt(nonce) })
    return { from: roles.deployer, tx: { to: null, data, gas, nonce, kind: 'eip1559' }, step: null, expect: 'success' }
  })
  const deployed = await sendAndMine(rpc, 'deployment', outgoing)
  const deploymentsMined = {} as Record<ContractName, Mined>
  deployments.forEach((deployment, index) => {
    const mined = deployed[index]!
    const created = mined.receipt.contractAddress?.toLowerCase()
    if (created !== contracts[deployment.name].toLowerCase()) {
      throw new Error(`scenario: ${deployment.contract} was created at ${created}, not at the expected ${contracts[deployment.name]}`)
    }
    deploymentsMined[deployment.name] = mined
  })

  const abiOf = (name: ContractName) => artifactOf(artifacts, deployments.find((item) => item.name === name)!.contract).abi
  const ran: ScenarioRun['phases'] = []
  for (const phase of phases) {
    const phaseOutgoing: Outgoing[] = []
    for (const step of phase.steps) {
      const to = contracts[step.contract]
      const data = encodeFunctionData({ abi: abiOf(step.contract), functionName: step.fn, args: step.args })
      const fixed = stepGas[`${step.contract}.${step.fn}`]
      const gas = fixed ?? (await estimate(rpc, devAccount(step.from).address, to, data))
      const nonce = takeNonce(nonces, step.from)
      phaseOutgoing.push({ from: step.from, tx: { to, data, gas, nonce, kind: 'eip1559' }, step, expect: step.expect })
    }
    ran.push({ name: phase.name, mined: await sendAndMine(rpc, phase.name, phaseOutgoing) })
  }
  return { chainId, contracts, deployments: deploymentsMined, phases: ran }
}
