/** One JSON-RPC call straight to anvil on its internal port (its control methods, which the gateway refuses). */
export type NodeCall = <T = unknown>(method: string, params?: unknown[]) => Promise<T>

export function nodeCaller(nodeUrl: string): NodeCall {
  let id = 0
  return async <T>(method: string, params: unknown[] = []) => {
    const response = await fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) })
    const body = (await response.json()) as { result?: T; error?: { message: string } }
    if (body.error) throw new Error(`${method}: ${body.error.message}`)
    return body.result as T
  }
}

/** Runs `work` with automine off (transactions wait in the pool for an explicit mine), then puts it back as it was. */
export async function withoutAutomine<T>(node: NodeCall, work: () => Promise<T>): Promise<T> {
  const automine = await node<boolean>('anvil_getAutomine')
  await node('evm_setAutomine', [false])
  try {
    return await work()
  } finally {
    await node('evm_setAutomine', [automine])
  }
}
