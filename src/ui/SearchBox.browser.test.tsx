import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { getAddress } from 'viem'
import addressRecording from '../../testdata/components/local-address.json'
import type { LocalRecording } from '../testing/recordings.ts'
import { renderApp } from '../testing/renderApp.tsx'

const recording = addressRecording as LocalRecording
const holder = recording.facts.holder as string

const input = () => page.getByTestId('search-input')
const message = () => page.getByTestId('search-message')

async function search(text: string): Promise<void> {
  await userEvent.clear(input())
  await userEvent.type(input(), `${text}{Enter}`)
}

describe('the search box', () => {
  it('opens the block a decimal number, a 0x number or a tag names, and empties after', async () => {
    const { history, replay } = await renderApp('/settings')
    // Where it goes is the subject, not that page's data: the pages opened wait for a node that never answers.
    replay.mode = { kind: 'hang' }
    for (const [text, path] of [
      ['12', '/block/12'],
      ['  #1,000 ', '/block/1000'],
      ['0x1b', '/block/27'],
      ['latest', '/block/latest'],
      ['FINALIZED', '/block/finalized'],
    ] as const) {
      await search(text)
      await expect.poll(() => history.state.location.pathname, { message: text }).toBe(path)
      await expect.element(input()).toHaveValue('')
    }
  })

  it('opens the address page for an address typed in, whatever its case, titled with its checksum', async () => {
    const { history } = await renderApp('/settings', { recordings: [recording] })
    await search(`0x${holder.slice(2).toUpperCase()}`)
    await expect.poll(() => history.state.location.pathname).toBe(`/address/${holder.toLowerCase()}`)
    await expect.element(page.getByTestId('address-title')).toHaveTextContent(getAddress(holder))
  })

  it('says what it cannot read, marks the box invalid and stays on the page; typing again clears it', async () => {
    const { history } = await renderApp('/settings')
    for (const junk of ['hello world', '1.5', '-3', '0xnothex', `0x${'a'.repeat(17)}`, `0x${'b'.repeat(63)}`]) {
      await search(junk)
      await expect.element(message()).toHaveTextContent('not a block number, hash or address')
      await expect.element(input()).toHaveAttribute('aria-invalid', 'true')
      expect(history.state.location.pathname, junk).toBe('/settings')
    }
    await search(`0x${'a'.repeat(17)}`)
    await expect.element(message()).toHaveTextContent('17 hex digits')
    await userEvent.type(input(), '1')
    await expect.poll(() => message().elements().length).toBe(0)
    await expect.element(input()).toHaveAttribute('aria-invalid', 'false')
  })

  it('takes the focus on "/" from the page, but not while another field is being typed in', async () => {
    const { history, replay } = await renderApp('/storage')
    const other = page.getByRole('main').getByRole('textbox').first()
    await userEvent.click(other)
    await userEvent.keyboard('/')
    expect(document.activeElement).toBe(other.element())
    await expect.element(other).toHaveValue('/')

    await userEvent.click(page.getByRole('main').getByRole('heading').first())
    await userEvent.keyboard('/')
    expect(document.activeElement).toBe(input().element())
    replay.mode = { kind: 'hang' }
    await userEvent.keyboard('0x2{Enter}')
    await expect.poll(() => history.state.location.pathname).toBe('/block/2')
  })
})
