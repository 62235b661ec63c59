import { encodeDeployData, encodeFunctionData, getContractAddress, type Address, type Chain, type Hex, type TransactionReceipt } from 'viem'
import { chainOf, describeChainError, type ChainClient } from './chainClient.ts'
import { artifactOf, type Artifacts } from './compile.ts'
import { devAccount, roles } from './devAccounts.ts'
import { feeFields, readBaseFee } from './fees.ts'
import { deployments, scenarioPhases, stepGas, type ContractName, type Phase, type Step } from './scenarioPlan.ts'

/** One transaction of the scenario, as it ended up on chain. */
export type Mined = { step: Step | null; hash: Hex; receipt: TransactionReceipt }

export type ScenarioRun = {
  chainId: number
  contracts: Record<ContractName, Address>
  deployments: Record<ContractName, Mined>
  phases: Array<{ name: string; mined: Mined[] }>
}

type Outgoing = {
  from: number
  nonce: number
  /** null creates a contract. */
  to: Address | null
  data: Hex
  /** Always explicit: a call meant to fail is still sent (its estimate would fail). */
  gas: bigint
  step: Step | null
  expect: 'success' | 'revert'
}

/** Next nonce per dev account, read once ('pending' counts what the node already holds) and then counted here. */
async function readNonces(client: ChainClient, indexes: number[]): Promise<Map<number, number>> {
  const counts = await Promise.all(
    indexes.map((index) => client.getTransactionCount({ address: devAccount(index).address, blockTag: 'pending' })),
  )
  return new Map(counts.map((count, position) => [indexes[position]!, count]))
}

function takeNonce(nonces: Map<number, number>, index: number): number {
  const nonce = nonces.get(index)
  if (nonce === undefined) throw new Error(`no nonce read for dev account ${index}`)
  nonces.set(index, nonce + 1)
  return nonce
}

/** Estimates with a 10% margin, for the transactions whose cost is not fixed (creations, emitMany). */
async function estimate(client: ChainClient, from: Address, to: Address | null, data: Hex): Promise<bigint> {
  const gas = await client.estimateGas({ account: from, data, ...(to ? { to } : {}) })
  return (gas * 11n) / 10n
}

/**
 * Signs and sends one group (each account's transactions one after another in nonce order, the accounts side by
 * side, so a block clock mines them together), then waits until all are mined and checks each status. In order
 * per account because a node that mines each transaction as it comes (no block time) holds back one that
 * arrives before its account's previous nonce, and may never mine it.
 */
async function sendAndMine(client: ChainClient, chain: Chain, label: string, outgoing: Outgoing[], mine?: () => Promise<unknown>): Promise<Mined[]> {
  const baseFee = await readBaseFee(client)
  const sendOne = ({ from, nonce, to, data, gas }: Outgoing) => client.sendTransaction({ account: devAccount(from), chain, nonce, to, data, gas, ...feeFields('eip1559', baseFee) })
  const outcomes = new Map<Outgoing, PromiseSettledResult<Hex>>()
  const senders = [...new Set(outgoing.map((item) => item.from))]
  await Promise.all(
    senders.map(async (from) => {
      for (const item of outgoing.filter((candidate) => candidate.from === from).sort((a, b) => a.nonce - b.nonce)) {
        outcomes.set(item, await sendOne(item).then((value) => ({ status: 'fulfilled' as const, value }), (reason: unknown) => ({ status: 'rejected' as const, reason })))
      }
    }),
  )
  const sent = outgoing.map((item) => outcomes.get(item)!)
  const hashes = sent.map((outcome, index) => {
    if (outcome.status === 'rejected') {
      throw new Error(`scenario ${label}: transaction ${index + 1} of ${sent.length} was refused: ${describeChainError(outcome.reason)}`)
    }
    return outcome.value
  })
  // Mined now rather than at the block clock's next tick: four groups in a row otherwise wait a block each.
  await mine?.()
  const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash, timeout: 60_000 }))).catch(async (error: unknown) => {
    const head = await client.getBlockNumber({ cacheTime: 0 }).catch(() => 'unknown')
    throw new Error(`scenario ${label}: ${hashes.length} transactions sent, not all mined within 60 s (head ${head}): ${describeChainError(error)}`, { cause: error })
  })
  return outgoing.map(({ step, expect }, index) => {
    const hash = hashes[index]!
    const receipt = receipts[index]!
    const wanted = expect === 'success' ? 'success' : 'reverted'
    if (receipt.status !== wanted) {
      const what = step ? `${step.contract}.${step.fn}` : 'creation'
      throw new Error(`scenario ${label}: ${what} (${hash}) ended ${receipt.status}, expected ${wanted}`)
    }
    return { step, hash, receipt }
  })
}

/**
 * Deploys the four contracts from the deployer, then runs the plan's phases: one block each on a block
 * clock, a block per transaction without one. Nonces are explicit, so a phase's accounts send side by side;
 * the order of the plan is the order of each account's nonces.
 */
export async function runScenario(client: ChainClient, artifacts: Artifacts, phases: Phase[] = scenarioPhases(), mine?: () => Promise<unknown>): Promise<ScenarioRun> {
  const deployer = devAccount(roles.deployer).address
  const [nonces, chain] = await Promise.all([readNonces(client, [roles.deployer, ...roles.holders]), chainOf(client)])

  const creations = await Promise.all(
    deployments.map(async (deployment) => {
      const artifact = artifactOf(artifacts, deployment.contract)
      const data = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: deployment.args })
      return { deployment, data, gas: await estimate(client, deployer, null, data) }
    }),
  )
  const contracts = {} as Record<ContractName, Address>
  const outgoing: Outgoing[] = creations.map(({ deployment, data, gas }) => {
    const nonce = takeNonce(nonces, roles.deployer)
    contracts[deployment.name] = getContractAddress({ from: deployer, nonce: BigInt(nonce) })
    return { from: roles.deployer, nonce, to: null, data, gas, step: null, expect: 'success' }
  })
  const deployed = await sendAndMine(client, chain, 'deployment', outgoing, mine)
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
      const gas = fixed ?? (await estimate(client, devAccount(step.from).address, to, data))
      const nonce = takeNonce(nonces, step.from)
      phaseOutgoing.push({ from: step.from, nonce, to, data, gas, step, expect: step.expect })
    }
    ran.push({ name: phase.name, mined: await sendAndMine(client, chain, phase.name, phaseOutgoing, mine) })
  }
  return { chainId: chain.id, contracts, deployments: deploymentsMined, phases: ran }
}
