import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { hexToBigInt, type Hex } from 'viem'
import { expectNoStackTrace } from '../../testing/pageChecks.ts'
import { frame, recorded } from '../../testing/recordings.ts'
import { localNetwork, renderApp } from '../../testing/renderApp.tsx'

// A network of the user's, on the replayed local node under another name: edited, removed, exported and imported.
const chainId = recorded<Hex>(frame, 'eth_chainId', [])
const name = 'second-devnet'

async function addNetwork(label: string): Promise<void> {
  await userEvent.click(page.getByTestId('add-network'))
  const form = page.getByTestId('network-form')
  const fields = { label, name, rpcBase: localNetwork.rpcBase, chainId: String(hexToBigInt(chainId)), key: 'componenttests' }
  for (const [field, value] of Object.entries(fields)) await userEvent.fill(form.getByTestId(`field-${field}`), value)
  await userEvent.click(page.getByTestId('network-save'))
  await expect.element(page.getByTestId(`network-row-${name}`)).toHaveTextContent(label)
}

/** The text of the file the export button hands the browser to download. */
async function exported(): Promise<string> {
  const made: Blob[] = []
  const original = URL.createObjectURL
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    if (blob instanceof Blob) made.push(blob)
    return original.call(URL, blob)
  }
  try {
    await userEvent.click(page.getByTestId('export-networks'))
    await expect.poll(() => made.length).toBe(1)
  } finally {
    URL.createObjectURL = original
  }
  return made[0]!.text()
}

describe('the settings page, the networks of the user', () => {
  it('edits a saved network: the new label is listed under the same name', async () => {
    await renderApp('/settings')
    await addNetwork('Second devnet')
    await userEvent.click(page.getByTestId(`edit-${name}`))
    await userEvent.fill(page.getByTestId('network-form').getByTestId('field-label'), 'Renamed devnet')
    await userEvent.click(page.getByTestId('network-save'))
    const row = page.getByTestId(`network-row-${name}`)
    await expect.element(row).toHaveTextContent('Renamed devnet')
    await expect.element(row).toHaveTextContent(chainId)
    expect(row.element().textContent).not.toContain('Second devnet')
  })

  it('removes a network only once the removal is confirmed', async () => {
    await renderApp('/settings')
    await addNetwork('Second devnet')
    await userEvent.click(page.getByTestId(`remove-${name}`))
    // Asked, not done: the row is still there with a confirm button.
    await expect.element(page.getByTestId(`confirm-remove-${name}`)).toBeVisible()
    expect(page.getByTestId(`network-row-${name}`).query()).not.toBeNull()
    await userEvent.click(page.getByTestId(`confirm-remove-${name}`))
    await expect.poll(() => page.getByTestId(`network-row-${name}`).query()).toBeNull()
  })

  it('exports the networks to a file that, imported after the network is removed, brings it back as it was', async () => {
    await renderApp('/settings')
    await addNetwork('Second devnet')
    const file = await exported()
    const parsed = JSON.parse(file) as { format: string; networks: Array<{ name: string; chainId: string; key?: string }> }
    expect(parsed.format).toBe('chainglass-networks')
    expect(parsed.networks.map((network) => [network.name, network.chainId])).toEqual([[name, chainId]])
    // Keys and secrets stay out unless asked for.
    expect(parsed.networks[0]!.key).toBeUndefined()

    await userEvent.click(page.getByTestId(`remove-${name}`))
    await userEvent.click(page.getByTestId(`confirm-remove-${name}`))
    await expect.poll(() => page.getByTestId(`network-row-${name}`).query()).toBeNull()
    await userEvent.fill(page.getByTestId('import-text'), file)
    await expect.element(page.getByTestId('import-plan')).toHaveTextContent('new')
    await userEvent.click(page.getByTestId('import-apply'))
    const row = page.getByTestId(`network-row-${name}`)
    await expect.element(row).toHaveTextContent('Second devnet')
    await expect.element(row).toHaveTextContent(chainId)
  })

  it('refuses a file that is not a networks file, says why, and adds nothing', async () => {
    await renderApp('/settings')
    const rows = () => document.querySelectorAll('[data-testid^="network-row-"]').length
    const before = rows()
    expect(before).toBeGreaterThan(0)
    await userEvent.fill(page.getByTestId('import-text'), JSON.stringify({ format: 'somebody-else', version: 1, networks: [] }))
    await expect.element(page.getByTestId('import-problems')).toHaveTextContent('is this a chainglass networks file?')
    expect(page.getByTestId('import-apply').query()).toBeNull()
    await userEvent.fill(page.getByTestId('import-text'), '{ not json')
    await expect.element(page.getByTestId('import-problems')).toHaveTextContent('the file is not JSON')
    expect(rows()).toBe(before)
    expectNoStackTrace()
  })
})
