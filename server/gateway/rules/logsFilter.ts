import { ErrorCode, RawResult, RpcFailure } from '../jsonrpc.ts'

/** Messages are the spec's (Errors table), byte for byte: clients match on them to split ranges. */
export const tooManyResultsMessage = (max: number) => `query returned more than ${max} results`
export const queryTimeoutMessage = 'query timeout exceeded'

/**
 * Checks and normalises an eth_getLogs filter (spec: Log filter object, rule 2, Limits):
 * `blockHash` excludes `fromBlock`/`toBlock`; both default to `latest`; addresses plus topics count as
 * parameters, at most `maxParams`. The parameter list's spelling `blockhash` is taken as `blockHash`.
 */
export function prepareLogsFilter(params: unknown[], maxParams: number): [Record<string, unknown>] {
  if (params.length !== 1) {
    throw new RpcFailure(ErrorCode.invalidParams, `eth_getLogs takes exactly one filter object, got ${params.length} parameters`)
  }
  const raw = params[0]
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new RpcFailure(ErrorCode.invalidParams, 'eth_getLogs: the filter must be an object')
  }
  const filter: Record<string, unknown> = { ...(raw as Record<string, unknown>) }
  if ('blockhash' in filter) {
    if (filter.blockHash === undefined) filter.blockHash = filter.blockhash
    delete filter.blockhash
  }
  const hasRange = (filter.fromBlock ?? null) !== null || (filter.toBlock ?? null) !== null
  if ((filter.blockHash ?? null) !== null) {
    if (hasRange) {
      throw new RpcFailure(ErrorCode.invalidParams, 'eth_getLogs: blockHash cannot be combined with fromBlock or toBlock')
    }
    delete filter.fromBlock
    delete filter.toBlock
  } else {
    delete filter.blockHash
    filter.fromBlock = filter.fromBlock ?? 'latest'
    filter.toBlock = filter.toBlock ?? 'latest'
  }
  const count = countParameters(filter)
  if (count > maxParams) {
    throw new RpcFailure(
      ErrorCode.limitExceeded,
      `query has ${count} parameters (addresses and topics); the limit is ${maxParams}`,
    )
  }
  return [filter]
}

function countParameters(filter: Record<string, unknown>): number {
  let count = 0
  const { address, topics } = filter
  if (Array.isArray(address)) count += address.length
  else if (address !== undefined && address !== null) count += 1
  if (Array.isArray(topics)) {
    for (const position of topics) {
      if (Array.isArray(position)) count += position.length
      else if (position !== null && position !== undefined) count += 1
    }
  }
  return count
}

/** Enforces the results limit: never more than `max` logs leave the gateway. */
export function checkLogsResult(result: unknown, max: number): unknown {
  const count = result instanceof RawResult ? countRawLogs(result.bytes) : Array.isArray(result) ? result.length : 0
  if (count > max) throw new RpcFailure(ErrorCode.limitExceeded, tooManyResultsMessage(max))
  return result
}

/**
 * How many logs a node's eth_getLogs answer holds, counted in its JSON bytes without parsing them (a refused
 * answer over a whole busy chain is tens of megabytes: parsing it only to count held up the gateway, and a
 * passed answer had to be serialised again). A log object's values are hex strings, booleans and an array of
 * hex strings (the spec's Log object), and it nests no object: every `{` opens exactly one log.
 */
export function countRawLogs(json: Buffer): number {
  let count = 0
  for (let at = json.indexOf(openingBrace); at >= 0; at = json.indexOf(openingBrace, at + 1)) count += 1
  return count
}

const openingBrace = 0x7b
