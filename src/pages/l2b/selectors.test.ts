import { describe, expect, it } from 'vitest'
import { feltText, selectorName } from './selectors.ts'

describe('felts for people', () => {
  it('names the well-known selector, whatever its zero padding', () => {
    expect(selectorName('0x15d40a3d6ca2ac30f4031e42be28da9b056fef9bb7357ac5e85627ee876e5ad')).toBe('__execute__')
    expect(selectorName('0x015D40A3D6CA2AC30F4031E42BE28DA9B056FEF9BB7357AC5E85627EE876E5AD')).toBe('__execute__')
    expect(selectorName('0x1')).toBeNull()
  })

  it('reads short strings, and nothing else', () => {
    expect(feltText('0x697066733a2f2f516d543577517453516e4a4173423550377a76436e787574')).toBe('ipfs://QmT5wQtSQnJAsB5P7zvCnxut')
    expect(feltText('0x6d70424b515a756a624e666444734b664c515a363933')).toBe('mpBKQZujbNfdDsKfLQZ693')
    expect(feltText('0x3')).toBeNull()
    expect(feltText('0x7861c4e276294a7e859ff0ae2eec0c68300ad9cbb43219db907da9bad786488')).toBeNull()
  })
})
