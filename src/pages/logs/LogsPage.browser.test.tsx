import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { describeStaticPage } from '../../testing/pageMatrix.ts'

describeStaticPage({
  name: 'logs',
  screenshots: true,
  url: '/logs',
  recordings: [],
  full: async () => {
    await expect.element(page.getByTestId('logs-form')).toBeVisible()
    await expect.element(page.getByTestId('logs-submit')).toBeVisible()
  },
  focus: () => page.getByTestId('logs-form').element().querySelector('input')!,
})
