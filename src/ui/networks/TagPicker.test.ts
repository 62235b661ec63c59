import { describe, expect, it } from 'vitest'
import { defaultCapabilities, type Capabilities } from '../../networks/capabilities.ts'
import { tagOptions } from './TagPicker.tsx'

describe('the tag picker', () => {
  it('offers only the tags the network accepts', () => {
    const noSafe: Capabilities = { ...defaultCapabilities, blockTags: ['latest', 'earliest', 'pending', 'finalized'] }
    expect(tagOptions(noSafe).map((option) => option.value)).toEqual(['latest', 'earliest', 'pending', 'finalized'])
    expect(tagOptions(defaultCapabilities).map((option) => option.value)).toContain('safe')
  })
})
