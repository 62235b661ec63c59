import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import addressRecording from '../../testdata/components/local-address.json'
import type { LocalRecording } from '../testing/recordings.ts'
import { renderApp } from '../testing/renderApp.tsx'

const recording = addressRecording as LocalRecording
const holder = recording.facts.holder as string

describe('the search box', () => {
  it('opens the address page for an address typed in', async () => {
    const { history } = await renderApp('/settings', { recordings: [recording] })
    await userEvent.type(page.getByTestId('search-input'), `${holder}{Enter}`)
    await expect.poll(() => history.state.location.pathname.toLowerCase()).toBe(`/address/${holder.toLowerCase()}`)
  })

  it('says what it cannot read instead of going anywhere', async () => {
    const { history } = await renderApp('/settings')
    await userEvent.type(page.getByTestId('search-input'), 'not a block{Enter}')
    await expect.element(page.getByTestId('search-message')).toBeVisible()
    expect(history.state.location.pathname).toBe('/settings')
  })
})
