import { describe, expect, it } from 'vitest'
import { demoFileText } from './demoFile.ts'

describe('the walk file', () => {
  it('names the network, the block and the time', () => {
    const text = demoFileText('Local devnet', 1_234n, new Date('2026-11-25T10:43:00Z'))
    expect(text).toContain('Local devnet · block 1,234')
    expect(text).toContain('2026-11-25 10:43 UTC')
  })

  it("writes a network's label as text, never as markup (labels come from settings a user typed)", () => {
    const text = demoFileText('<script>alert(1)</script> & "x"', null, new Date('2026-11-25T10:43:00Z'))
    expect(text).not.toContain('<script>')
    expect(text).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;x&#34;')
  })
})
