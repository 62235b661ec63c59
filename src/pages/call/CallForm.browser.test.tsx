import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { decodeFunctionResult, encodeFunctionData, getAddress, hexToBigInt, parseAbi, type Hex } from 'viem'
import addressRecording from '../../../testdata/components/local-address.json'
import { expectNoStackTrace } from '../../testing/pageChecks.ts'
import { fieldProblem } from '../../testing/formChecks.ts'
import { frame, recorded, type LocalRecording } from '../../testing/recordings.ts'
import { renderApp } from '../../testing/renderApp.tsx'

const address = addressRecording as LocalRecording
const token = getAddress(address.facts.token as Hex)
const holder = getAddress(address.facts.holder as Hex)
const head = frame.facts.head as Hex
const abi = parseAbi(['function balanceOf(address) view returns (uint256)'])
const data = encodeFunctionData({ abi, functionName: 'balanceOf', args: [holder] })
// The token's answer to balanceOf(holder) at the head, as the gateway gave it (the address page's read).
const answer = recorded<Hex>(address, 'eth_call', [{ to: token, data: data.toLowerCase() }, head])
const balance = decodeFunctionResult({ abi, functionName: 'balanceOf', data: answer })

describe('the call console, filled in', () => {
  it('runs balanceOf built from its signature and decodes what the node returned', async () => {
    await renderApp('/call', { recordings: [address] })
    await expect.element(page.getByTestId('call-idle')).toBeVisible()
    await userEvent.fill(page.getByTestId('call-to'), token)
    await userEvent.fill(page.getByTestId('builder-abi'), 'balanceOf(address) view returns (uint256)')
    await userEvent.fill(page.getByTestId('builder-arg-0'), holder)
    await expect.element(page.getByTestId('builder-status')).toHaveTextContent('0x70a08231')
    await userEvent.fill(page.getByTestId('call-block'), String(hexToBigInt(head)))
    await userEvent.click(page.getByTestId('call-run'))
    await expect.element(page.getByTestId('call-status')).toHaveTextContent('returned')
    await expect.element(page.getByTestId('call-decoded-0')).toHaveTextContent(balance.toString(10))
    await expect.element(page.getByTestId('call-return-data')).toHaveTextContent(answer)
    expect(balance).toBeGreaterThan(0n)
  })

  it('says what is wrong with a recipient that is not an address, keeping it and sending nothing', async () => {
    const { replay } = await renderApp('/call', { recordings: [address] })
    const to = page.getByTestId('call-to')
    await userEvent.fill(to, '0x12ab')
    await userEvent.click(page.getByTestId('call-run'))
    await expect.poll(() => fieldProblem(to.element())).toMatch(/address|20 bytes|40/i)
    await expect.element(to).toHaveValue('0x12ab')
    expect(replay.asked.some((key) => key.includes('eth_call'))).toBe(false)
    expectNoStackTrace()
  })
})
