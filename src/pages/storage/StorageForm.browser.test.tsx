import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { concatHex, getAddress, hexToBigInt, keccak256, padHex, type Hex } from 'viem'
import addressRecording from '../../../testdata/components/local-address.json'
import storageRecording from '../../../testdata/components/local-storage.json'
import { expectNoStackTrace } from '../../testing/pageChecks.ts'
import { fieldProblem } from '../../testing/formChecks.ts'
import { frame, recorded, type LocalRecording } from '../../testing/recordings.ts'
import { renderApp } from '../../testing/renderApp.tsx'

const address = addressRecording as LocalRecording
const storage = storageRecording as LocalRecording
const token = address.facts.token as Hex
const holder = address.facts.holder as Hex
const head = frame.facts.head as Hex
// The spec's rule for a mapping's entry: keccak256(pad32(key) ‖ pad32(slot)); the token's balances are slot 0.
const balanceSlot = keccak256(concatHex([padHex(holder, { size: 32 }), padHex('0x0', { size: 32 })]))
// What the token's own balanceOf(holder) answered at the same block, recorded beside the storage read.
const balanceOf = recorded<Hex>(address, 'eth_call', [{ to: getAddress(token), data: `0x70a08231${holder.slice(2).padStart(64, '0')}` }, head])

describe('the storage-slot calculator, filled in', () => {
  it('computes the mapping slot and reads the word balanceOf answers', async () => {
    await renderApp('/storage', { recordings: [storage] })
    // The contract last: the page reads as soon as it has one, and the test's recording holds the whole slot's read.
    await userEvent.fill(page.getByTestId('storage-slot-input'), '0')
    await userEvent.fill(page.getByTestId('storage-keys'), `address:${holder}`)
    await userEvent.fill(page.getByTestId('storage-block-input'), String(hexToBigInt(head)))
    await userEvent.fill(page.getByTestId('storage-address-input'), token)
    await expect.element(page.getByTestId('storage-slot')).toHaveTextContent(balanceSlot)
    await expect.element(page.getByTestId('storage-as-uint')).toHaveTextContent(hexToBigInt(balanceOf).toString(10))
    expect(hexToBigInt(balanceOf)).toBeGreaterThan(0n)
    await expect.element(page.getByTestId('storage-block')).toHaveAttribute('data-value', String(hexToBigInt(head)))
  })

  it('says what is wrong with an address that is not one, keeping what was typed', async () => {
    const { replay } = await renderApp('/storage', { recordings: [storage] })
    const input = page.getByTestId('storage-address-input')
    await userEvent.fill(input, '0x1234')
    await expect.poll(() => fieldProblem(input.element())).toMatch(/address/i)
    await expect.element(input).toHaveValue('0x1234')
    expect(replay.asked.some((key) => key.includes('eth_getStorageAt'))).toBe(false)
    expectNoStackTrace()
  })
})
