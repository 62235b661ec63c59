import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { hexToBigInt, type Hex } from 'viem'
import { expectNoStackTrace } from '../../testing/pageChecks.ts'
import { fieldProblem } from '../../testing/formChecks.ts'
import { frame, recorded } from '../../testing/recordings.ts'
import { localNetwork, renderApp } from '../../testing/renderApp.tsx'

// The chain id the recorded node gave: the network added here is the same replayed node under another name.
const chainId = recorded<Hex>(frame, 'eth_chainId', [])

async function fill(fields: Record<string, string>): Promise<void> {
  const form = page.getByTestId('network-form')
  for (const [name, value] of Object.entries(fields)) await userEvent.fill(form.getByTestId(`field-${name}`), value)
}

describe('the settings page, adding a network', () => {
  it('saves the network filled in: it is listed with its chain id', async () => {
    await renderApp('/settings')
    await userEvent.click(page.getByTestId('add-network'))
    await fill({ label: 'Second devnet', name: 'second-devnet', rpcBase: localNetwork.rpcBase, chainId: String(hexToBigInt(chainId)), key: 'componenttests' })
    await userEvent.click(page.getByTestId('network-save'))
    const row = page.getByTestId('network-row-second-devnet')
    await expect.element(row).toBeVisible()
    await expect.element(row).toHaveTextContent(chainId)
    await expect.element(row).toHaveTextContent('Second devnet')
  })

  it('says what is wrong with a chain id that is not one, keeping it and saving nothing', async () => {
    await renderApp('/settings')
    await userEvent.click(page.getByTestId('add-network'))
    await fill({ label: 'Broken', name: 'broken', rpcBase: localNetwork.rpcBase, chainId: 'twelve', key: 'componenttests' })
    await userEvent.click(page.getByTestId('network-save'))
    const field = page.getByTestId('network-form').getByTestId('field-chainId')
    await expect.poll(() => fieldProblem(field.element())).toMatch(/chain id|number|hex/i)
    await expect.element(field).toHaveValue('twelve')
    expect(page.getByTestId('network-row-broken').query()).toBeNull()
    expectNoStackTrace()
  })
})
