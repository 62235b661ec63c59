import { Configuration, RemotePinningServiceClient, Status, TextMatchingStrategy } from '@ipfs-shipyard/pinning-service-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestFiles, testSecret, type TestFiles } from '../testing.ts'

/**
 * The service driven by a real client of the Pinning Service API: @ipfs-shipyard/pinning-service-client, the
 * client generated from the spec that ipfs-webui's pinning settings use. Its requests (JSON bodies, comma-joined
 * arrays, dates as ISO strings, meta as JSON) and its reading of the answers (typed models, `created` as a Date,
 * a refusal thrown as the fetch Response itself) are the client's, not this test's.
 */

let files: TestFiles
let client: RemotePinningServiceClient

const clientFor = (service: TestFiles, accessToken: string) => new RemotePinningServiceClient(new Configuration({ endpointUrl: service.url('/pinning'), accessToken }))

async function settled(requestid: string): Promise<Status> {
  for (;;) {
    const { status } = await client.pinsRequestidGet({ requestid })
    if (status === Status.Pinned || status === Status.Failed) return status
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

beforeAll(async () => {
  files = await startTestFiles()
  client = clientFor(files, testSecret)
})

afterAll(async () => {
  await files?.close()
})

describe('@ipfs-shipyard/pinning-service-client against the service', () => {
  it('adds a pin, reads its status until pinned, finds it with every filter the client sends, replaces and removes it', async () => {
    const first = await files.addOne('for the pinning client\n', 'pin=false')
    const second = await files.addOne('for the pinning client, replaced\n', 'pin=false')
    const started = new Date(Date.now() - 1000)

    const added = await client.pinsPost({ pin: { cid: first.Hash, name: 'Client-File.txt', meta: { app_id: 'client-test' } } })
    expect(added.status).toBe(Status.Queued)
    expect(added.created).toBeInstanceOf(Date)
    expect(added.delegates.length).toBeGreaterThan(0)
    expect(await settled(added.requestid)).toBe(Status.Pinned)

    const found = await client.pinsGet({
      cid: [first.Hash],
      name: 'client-file',
      match: TextMatchingStrategy.Ipartial,
      status: [Status.Pinned, Status.Queued],
      after: started,
      before: new Date(Date.now() + 60_000),
      limit: 5,
      meta: { app_id: 'client-test' },
    })
    expect(found.count).toBe(1)
    expect([...found.results].map((result) => result.requestid)).toEqual([added.requestid])
    expect([...found.results][0]!.pin).toMatchObject({ cid: first.Hash, name: 'Client-File.txt' })

    const replaced = await client.pinsRequestidPost({ requestid: added.requestid, pin: { cid: second.Hash, name: 'Client-File.txt' } })
    expect(replaced.requestid).not.toBe(added.requestid)
    expect(await settled(replaced.requestid)).toBe(Status.Pinned)

    await client.pinsRequestidDelete({ requestid: replaced.requestid })
    const gone = await client.pinsRequestidGet({ requestid: replaced.requestid }).catch((error: unknown) => error)
    expect(gone).toBeInstanceOf(Response)
    expect((gone as Response).status).toBe(404)
    expect(await (gone as Response).json()).toMatchObject({ error: { reason: 'NOT_FOUND' } })
  })

  it('gets 401 with a wrong access token, as the client reports it', async () => {
    const refused = await clientFor(files, 'not-the-token').pinsGet().catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Response)
    expect((refused as Response).status).toBe(401)
    expect(await (refused as Response).json()).toMatchObject({ error: { reason: 'UNAUTHORIZED' } })
  })
})
