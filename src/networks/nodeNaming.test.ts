import { describe, expect, it } from 'vitest'
import { clientName, suggestNaming } from './nodeNaming.ts'

// Version strings as the clients print them (each client's web3_clientVersion: anvil and Hardhat's from the nodes
// the e2e suite runs, Geth's and Nethermind's from their documentation's examples).
const anvil = 'anvil/v1.7.1'
const hardhat = 'HardhatNetwork/2.29.1/@nomicfoundation/edr/0.3.8'
const geth = 'Geth/v1.14.11-stable-f3c696fa/linux-amd64/go1.23.2'

describe('naming a node from what it said', () => {
  it('knows the clients by the first part of their version', () => {
    expect(clientName(anvil)).toBe('Anvil')
    expect(clientName(hardhat)).toBe('Hardhat')
    expect(clientName(geth)).toBe('Geth')
    expect(clientName('Nethermind/v1.25.4+20b10b35/linux-x64/dotnet8.0.2')).toBe('Nethermind')
    expect(clientName('SomeNode/v0.1')).toBe('SomeNode')
    expect(clientName(null)).toBeNull()
    expect(clientName('')).toBeNull()
  })

  it('labels a node on this machine local, with its chain, and names it for links', () => {
    expect(suggestNaming({ rpcBase: 'http://127.0.0.1:8545', chainId: '0x7a69', clientVersion: hardhat }, new Set())).toEqual({ label: 'Hardhat local · chain 31337', name: 'hardhat-31337' })
    expect(suggestNaming({ rpcBase: 'http://localhost:8545', chainId: '0x1', clientVersion: anvil }, new Set())).toEqual({ label: 'Anvil local · Ethereum', name: 'anvil-ethereum' })
    expect(suggestNaming({ rpcBase: 'http://127.0.0.1:8545', chainId: '0x539', clientVersion: null }, new Set())).toEqual({ label: 'Node local · chain 1337', name: 'local-1337' })
  })

  it('names a known chain elsewhere by its name and host, an unknown one by client and chain id', () => {
    expect(suggestNaming({ rpcBase: 'https://rpc.example/sepolia', chainId: '0xaa36a7', clientVersion: geth }, new Set())).toEqual({ label: 'Sepolia · rpc.example', name: 'sepolia' })
    expect(suggestNaming({ rpcBase: 'https://rpc.example', chainId: '0x2a', clientVersion: geth }, new Set())).toEqual({ label: 'Geth · chain 42', name: 'geth-42' })
    expect(suggestNaming({ rpcBase: 'https://rpc.example', chainId: null, clientVersion: null }, new Set())).toEqual({ label: 'Network · rpc.example', name: 'rpc-example' })
  })

  it('never suggests a name in use', () => {
    const facts = { rpcBase: 'http://127.0.0.1:8545', chainId: '0x7a69', clientVersion: anvil }
    expect(suggestNaming(facts, new Set(['anvil-31337'])).name).toBe('anvil-31337-2')
    expect(suggestNaming(facts, new Set(['anvil-31337', 'anvil-31337-2'])).name).toBe('anvil-31337-3')
  })
})
