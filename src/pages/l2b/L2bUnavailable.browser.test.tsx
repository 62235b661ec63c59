import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { describeStaticPage } from '../../testing/pageMatrix.ts'

// The local devnet offers no layer-2 methods (its probe, recorded, refused them): the page says so.
describeStaticPage({
  name: 'l2b-unavailable',
  url: '/l2b/pending',
  recordings: [],
  full: async () => {
    await expect.element(page.getByTestId('method-unavailable')).toBeVisible()
    await expect.element(page.getByTestId('method-unavailable')).toHaveTextContent('l2b_pendingTransactions')
  },
  // The notice has nothing to act on: the frame's search is where a visitor goes next.
  focus: () => page.getByRole('searchbox').element(),
})
