import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { localNetwork } from '../../testing/renderApp.tsx'
import { describeStaticPage } from '../../testing/pageMatrix.ts'

describeStaticPage({
  name: 'settings',
  url: '/settings',
  recordings: [],
  screenshots: true,
  full: async () => {
    await expect.element(page.getByTestId('builtin-networks')).toHaveTextContent(localNetwork.label)
    await expect.element(page.getByTestId('add-network')).toBeVisible()
  },
  focus: () => page.getByTestId('add-network').element(),
})
