import type { PublishedContract } from '../../../contract/publishedContracts.ts'
import { getAddress, parseAbiItem, toEventSelector, toFunctionSelector, type Abi, type AbiEvent, type AbiFunction, type Hex } from 'viem'

/** The build-time table (scripts/signatureTable.ts): 8-hex-digit keys, human-readable signatures with names. */
export type SignatureTable = { functions: Record<string, string[]>; events: Record<string, string[]>; errors: Record<string, string[]> }

type AbiError = Extract<Abi[number], { type: 'error' }>

/** A contract the deployment publishes (contract/publishedContracts.ts). */
export type KnownContract = PublishedContract

/**
 * Every name the explorer knows for what the chain carries: the deployment's own contracts (their ABIs,
 * first: they say what those contracts mean) and the table of well-known ABIs. Lookups parse a table entry
 * only when asked, once.
 */
export type Names = {
  functionCandidates(selector: Hex): AbiFunction[]
  eventCandidates(topic0: Hex): AbiEvent[]
  errorCandidates(selector: Hex): AbiError[]
  contractAt(address: string): KnownContract | null
  /** Every error item known: what decodeRevert needs to name a custom error. */
  errorsAbi(): Abi
}

function parseEntries<T>(kind: 'function' | 'event' | 'error', signatures: readonly string[] | undefined, cache: Map<string, T[]>, key: string): T[] {
  let parsed = cache.get(key)
  if (!parsed) {
    parsed = (signatures ?? []).flatMap((signature) => {
      try {
        return [parseAbiItem(`${kind} ${signature}`) as T]
      } catch {
        return []
      }
    })
    cache.set(key, parsed)
  }
  return parsed
}

export function createNames(table: SignatureTable, contracts: readonly KnownContract[]): Names {
  const byAddress = new Map(contracts.map((contract) => [contract.address.toLowerCase(), { ...contract, address: getAddress(contract.address) }]))
  const own = contracts.flatMap((contract) => contract.abi)
  const ownFunctions = own.filter((item): item is AbiFunction => item.type === 'function')
  const ownEvents = own.filter((item): item is AbiEvent => item.type === 'event' && !item.anonymous)
  const ownErrors = own.filter((item): item is AbiError => item.type === 'error')
  const functions = new Map<string, AbiFunction[]>()
  const events = new Map<string, AbiEvent[]>()
  const errors = new Map<string, AbiError[]>()
  const selectorOf = (item: AbiFunction | AbiError) => toSelector(item)
  const ownFunctionsBySelector = groupBy(ownFunctions, selectorOf)
  const ownErrorsBySelector = groupBy(ownErrors, selectorOf)
  const ownEventsByTopic = groupBy(ownEvents, (item) => toEventSelector(item).slice(2))
  let allErrors: Abi | null = null
  return {
    functionCandidates(selector) {
      const key = selector.slice(2, 10).toLowerCase()
      return unique([...(ownFunctionsBySelector.get(key) ?? []), ...parseEntries<AbiFunction>('function', table.functions[key], functions, key)])
    },
    eventCandidates(topic0) {
      const topic = topic0.slice(2).toLowerCase()
      const fromTable = parseEntries<AbiEvent>('event', table.events[topic.slice(0, 8)], events, topic.slice(0, 8)).filter((event) => toEventSelector(event).slice(2) === topic)
      return unique([...(ownEventsByTopic.get(topic) ?? []), ...fromTable])
    },
    errorCandidates(selector) {
      const key = selector.slice(2, 10).toLowerCase()
      return unique([...(ownErrorsBySelector.get(key) ?? []), ...parseEntries<AbiError>('error', table.errors[key], errors, key)])
    },
    contractAt(address) {
      return byAddress.get(address.toLowerCase()) ?? null
    },
    errorsAbi() {
      allErrors ??= [...ownErrors, ...Object.keys(table.errors).flatMap((key) => parseEntries<AbiError>('error', table.errors[key], errors, key))]
      return allErrors
    },
  }
}

/** The 4-byte selector of a function or error, without 0x, as the table keys it. */
function toSelector(item: AbiFunction | AbiError): string {
  // An error's selector is made as a function's with the same name and inputs.
  const asFunction: AbiFunction = item.type === 'function' ? item : { type: 'function', name: item.name, inputs: item.inputs, outputs: [], stateMutability: 'nonpayable' }
  return toFunctionSelector(asFunction).slice(2)
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return groups
}

/** The same item from two sources (our ABI and the table) once: the first, whose names win. */
function unique<T extends { name: string; inputs: readonly { type: string }[] }>(items: readonly T[]): T[] {
  const seen = new Set<string>()
  return items.filter((item) => {
    const id = `${item.name}(${item.inputs.map((input) => input.type).join(',')})`
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
}
