import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { describeStaticPage } from '../../testing/pageMatrix.ts'

describeStaticPage({
  name: 'storage',
  screenshots: true,
  url: '/storage',
  recordings: [],
  full: async () => {
    await expect.element(page.getByTestId('storage-address-input')).toBeVisible()
    await expect.element(page.getByTestId('storage-slot-input')).toBeVisible()
  },
  focus: () => page.getByTestId('storage-address-input').element(),
})
