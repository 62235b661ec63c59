import { describe, expect, it } from 'vitest'
import type { Network } from '../../contract/runtimeConfig.ts'
import { credentialsStorageKey, filesCredentials, forgetFilesCredentials, saveFilesCredentials, storedCredentialsSnapshot, subscribeFilesCredentials, type CredentialStorages } from './credentials.ts'

function memoryStorage() {
  const map = new Map<string, string>()
  return { map, getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key) }
}

const network = (secret: string): Network => ({
  name: 'hosted-a', label: 'Hosted A', chainId: '0x1', rpcBase: 'https://rpc.example', wsBase: 'wss://rpc.example', ipfsUrl: 'https://ipfs.example:5001', key: 'project-key', secret, kind: 'hosted',
})

describe('file-store credentials', () => {
  it('configured ones come first and are not stored', () => {
    const storages = { session: memoryStorage(), device: memoryStorage() }
    expect(filesCredentials(network('configured'), storages)).toEqual({ key: 'project-key', secret: 'configured', source: 'config' })
    expect(storages.session.map.size + storages.device.map.size).toBe(0)
  })

  it('an entered secret lives in sessionStorage, or in localStorage when remembered, never both', () => {
    const session = memoryStorage()
    const device = memoryStorage()
    const storages: CredentialStorages = { session, device }
    const hosted = network('')
    expect(filesCredentials(hosted, storages)).toBeNull()

    let changes = 0
    const stop = subscribeFilesCredentials(() => changes++)
    saveFilesCredentials(hosted.name, { key: 'k', secret: 's3cret' }, { remember: false }, storages)
    expect(filesCredentials(hosted, storages)).toEqual({ key: 'k', secret: 's3cret', source: 'session' })
    expect(device.map.size).toBe(0)

    saveFilesCredentials(hosted.name, { key: 'k', secret: 's3cret' }, { remember: true }, storages)
    expect(filesCredentials(hosted, storages)).toEqual({ key: 'k', secret: 's3cret', source: 'device' })
    expect(session.map.has(credentialsStorageKey(hosted.name))).toBe(false)

    const snapshot = storedCredentialsSnapshot(hosted.name, storages)
    expect(storedCredentialsSnapshot(hosted.name, storages)).toBe(snapshot)

    forgetFilesCredentials(hosted.name, storages)
    expect(filesCredentials(hosted, storages)).toBeNull()
    expect(changes).toBe(3)
    stop()
  })

  it('ignores a damaged stored value', () => {
    const session = memoryStorage()
    session.setItem(credentialsStorageKey('hosted-a'), '{not json')
    expect(filesCredentials(network(''), { session, device: null })).toBeNull()
  })
})
