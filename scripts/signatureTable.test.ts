import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { installedSignatureTable } from './signatureTable.ts'

const table = installedSignatureTable(process.cwd())

describe('the build-time signature table', () => {
  it('stays within its size budget: 15 KB gzip (12.2 KB measured with @openzeppelin/contracts 5.7.0)', () => {
    const gzipped = zlib.gzipSync(JSON.stringify(table)).length
    expect(gzipped).toBeLessThanOrEqual(15 * 1024)
  })

  // Selectors as published (ERC-20's, ERC-721's, OpenZeppelin 5's custom errors, Multicall3's, WETH's).
  it('knows the standards and the common OpenZeppelin errors by their published selectors', () => {
    expect(table.functions['a9059cbb']?.[0]).toMatch(/^transfer\(address \w+, uint256 \w+\)$/)
    expect(table.functions['42842e0e']?.[0]).toMatch(/^safeTransferFrom\(address/)
    expect(table.functions['82ad56cb']?.[0]).toMatch(/^aggregate3\(/)
    expect(table.functions['d0e30db0']).toEqual(['deposit()'])
    expect(table.errors['e450d38c']).toEqual(['ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)'])
    expect(table.errors['118cdaa7']).toEqual(['OwnableUnauthorizedAccount(address account)'])
    // ERC-20's and ERC-721's Transfer share topic 0 and differ in what they index: both kept.
    expect(table.events['ddf252ad']).toHaveLength(2)
  })

  it('keeps one entry per set of types, whatever the parameters are named', () => {
    for (const entries of [...Object.values(table.functions), ...Object.values(table.errors)]) {
      const types = entries.map((entry) => entry.replace(/ [A-Za-z_$][\w$]*(?=[,)])/g, ''))
      expect(new Set(types).size).toBe(types.length)
    }
  })
})
