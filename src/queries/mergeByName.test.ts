import { describe, expect, it } from 'vitest'
import type { FolderEntry } from '../files/client.ts'
import { mergeByName } from './files.ts'

const entry = (name: string): FolderEntry => ({ name, kind: 'file', size: 0, cid: `cid-${name}` })

describe('mergeByName', () => {
  it('keeps a streamed listing in name order, batches arriving in any order (a sharded directory’s hash order)', () => {
    const names = Array.from({ length: 500 }, (_, index) => `entry-${String((index * 7919) % 500).padStart(3, '0')}`)
    let listing: FolderEntry[] = []
    for (let at = 0; at < names.length; at += 37) listing = mergeByName(listing, names.slice(at, at + 37).map(entry))
    expect(listing.map((each) => each.name)).toEqual([...names].sort())
  })
})
