import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { localNetwork } from '../../testing/renderApp.tsx'
import { describeStaticPage } from '../../testing/pageMatrix.ts'

// The network under test has no file store (ipfsUrl null): the page's empty state says so.
describeStaticPage({
  name: 'files-no-store',
  url: '/files',
  recordings: [],
  full: async () => {
    expect(localNetwork.ipfsUrl).toBeNull()
    await expect.element(page.getByTestId('no-file-store')).toBeVisible()
  },
  // The notice has nothing to act on: the frame's search is where a visitor goes next.
  focus: () => page.getByRole('searchbox').element(),
})
