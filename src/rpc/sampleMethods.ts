import { sampleContentsMethod, sampleContentsSchema, type SampleContents } from '../../contract/sampleContents.ts'
import { parseResult } from './methods.ts'
import type { CallOptions, RpcTransport } from './transport.ts'

/**
 * What a recorded sample network holds, in its own words (the local service's sample networks answer it; no
 * other network does). Beside methods.ts: it is no spec method, and only the sample description uses it.
 */
export async function getSampleContents(rpc: RpcTransport, options?: CallOptions): Promise<SampleContents> {
  return parseResult(sampleContentsMethod, sampleContentsSchema, await rpc.request(sampleContentsMethod, [], options))
}
