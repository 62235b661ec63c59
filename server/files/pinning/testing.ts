import { expect } from 'vitest'
import { testSecret, type TestFiles } from '../testing.ts'
import { specComplaints, type SpecMethod, type SpecPath } from './spec.ts'

export type PinningReply = { status: number; headers: Headers; text: string; json: unknown }
export type PinStatusBody = {
  requestid: string
  status: 'queued' | 'pinning' | 'pinned' | 'failed'
  created: string
  pin: { cid: string; name?: string; origins?: string[]; meta?: Record<string, string> }
  delegates: string[]
  info?: Record<string, string>
}
export type PinResultsBody = { count: number; results: PinStatusBody[] }

/**
 * One call to the service's Pinning Service API, its answer checked against the spec's schema for that path,
 * method and status before the test looks at it (an answer the spec does not allow fails the test here).
 */
export async function pinning(
  files: TestFiles,
  method: 'GET' | 'POST' | 'DELETE',
  pathAndQuery: string,
  init: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<PinningReply> {
  const token = init.token === undefined ? testSecret : init.token
  const headers: Record<string, string> = { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...init.headers }
  let body: string | undefined
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
    headers['content-type'] ??= 'application/json'
  }
  const response = await fetch(files.url(`/pinning${pathAndQuery}`), { method, headers, body })
  const text = await response.text()
  let json: unknown = undefined
  try {
    json = JSON.parse(text)
  } catch {
    // an empty or non-JSON body: the schema check says whether that was allowed
  }
  const specPath: SpecPath = pathAndQuery.split('?')[0] === '/pins' ? '/pins' : '/pins/{requestid}'
  const complaints = specComplaints(specPath, method.toLowerCase() as SpecMethod, response.status, json ?? (text === '' ? undefined : text), response.headers.get('content-type'))
  expect(complaints, `${method} ${pathAndQuery} answered ${response.status} ${text.slice(0, 300)}`).toEqual([])
  return { status: response.status, headers: response.headers, text, json }
}

/** Polls a request until its status is one of `wanted` (or the test's timeout ends it); every answer schema-checked. */
export async function waitForStatus(files: TestFiles, requestid: string, wanted: readonly PinStatusBody['status'][], token?: string): Promise<PinStatusBody> {
  for (;;) {
    const reply = await pinning(files, 'GET', `/pins/${requestid}`, { token })
    expect(reply.status).toBe(200)
    const body = reply.json as PinStatusBody
    if (wanted.includes(body.status)) return body
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
