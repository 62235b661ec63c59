import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { createRoot } from 'react-dom/client'
import { expectFocusVisible } from '../testing/pageChecks.ts'
import { CopyButton } from './CopyButton.tsx'

const host = document.createElement('div')
document.body.append(host)
const root = createRoot(host)
afterEach(() => {
  root.render(null)
  vi.unstubAllGlobals()
})

describe('the copy button', () => {
  it('puts its value on the clipboard and says so', async () => {
    const written: string[] = []
    // The clipboard itself is the browser's permission matter; what the button hands it is what is checked.
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation((text) => {
      written.push(text)
      return Promise.resolve()
    })
    root.render(<CopyButton value="0xabc123" label="Copy hash" testId="copy" />)
    await userEvent.click(page.getByRole('button', { name: 'Copy hash' }))
    expect(written).toEqual(['0xabc123'])
    await expect.element(page.getByRole('button', { name: 'Copied' })).toBeVisible()
  })

  it('is reached by Tab, with the focus shown', async () => {
    root.render(<CopyButton value="0x1" label="Copy value" />)
    const button = page.getByRole('button', { name: 'Copy value' })
    await expect.element(button).toBeVisible()
    ;(document.activeElement as HTMLElement | null)?.blur()
    await userEvent.tab()
    expect(document.activeElement).toBe(button.element())
    expectFocusVisible(button.element())
  })
})
