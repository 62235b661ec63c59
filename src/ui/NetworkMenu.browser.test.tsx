import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { localNetwork, renderApp } from '../testing/renderApp.tsx'

describe('the network menu', () => {
  it('names the network shown and lists it when opened', async () => {
    await renderApp('/settings')
    await expect.element(page.getByTestId('network-label')).toHaveTextContent(localNetwork.label)
    await userEvent.click(page.getByTestId('network-label'))
    await expect.element(page.getByTestId('network-menu')).toBeVisible()
    await expect.element(page.getByTestId(`network-option-${localNetwork.name}`)).toBeVisible()
  })
})
