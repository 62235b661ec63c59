import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { describeStaticPage } from '../../testing/pageMatrix.ts'

describeStaticPage({
  name: 'call',
  url: '/call',
  recordings: [],
  screenshots: true,
  full: async () => {
    await expect.element(page.getByTestId('call-form')).toBeVisible()
    await expect.element(page.getByTestId('call-idle')).toBeVisible()
  },
  focus: () => page.getByTestId('call-form').element().querySelector('input, textarea')!,
})
