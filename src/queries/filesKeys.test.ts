import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createFilesClient } from '../files/client.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { anyClientFilesQueries, folderQuery, peerQuery, pinsQuery } from './files.ts'

const network = (name: string) => ({ name, label: name, chainId: '0x7a69', rpcBase: 'http://127.0.0.1:1', wsBase: 'ws://127.0.0.1:1', ipfsUrl: 'http://127.0.0.1:2', key: 'k', secret: 's', kind: 'local' }) as Network
const endpoint = { url: 'http://127.0.0.1:2', key: 'k', secret: 's' }

describe("an upload's refresh of the file store's views", () => {
  it("reaches the pin list and folder listings of every client of the network (one made after the upload began too), and nothing else", async () => {
    const devnet = network('devnet')
    const before = createFilesClient(endpoint)
    const after = createFilesClient(endpoint)
    const queryClient = new QueryClient()
    const seeded = [pinsQuery(devnet, before), pinsQuery(devnet, after), folderQuery(devnet, before, '/'), folderQuery(devnet, after, '/docs'), peerQuery(devnet, after), pinsQuery(network('other'), after)]
    for (const { queryKey } of seeded) queryClient.setQueryData(queryKey, [])
    const invalidated = () => seeded.map(({ queryKey }) => queryClient.getQueryState(queryKey)!.isInvalidated)

    await queryClient.invalidateQueries(anyClientFilesQueries(devnet, 'pins'))
    expect(invalidated()).toEqual([true, true, false, false, false, false])
    await queryClient.invalidateQueries(anyClientFilesQueries(devnet, 'folder'))
    expect(invalidated()).toEqual([true, true, true, true, false, false])
  })
})
