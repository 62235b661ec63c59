import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { HttpError, MalformedResponseError, RpcError, TimeoutError } from '../rpc/errors.ts'
import { Address } from './Address.tsx'
import { Age } from './Age.tsx'
import { Badge } from './Badge.tsx'
import { BlockLink } from './BlockLink.tsx'
import { DataTable, type Column } from './DataTable.tsx'
import { ErrorPanel } from './ErrorPanel.tsx'
import { Hash } from './Hash.tsx'
import { HexBlock } from './HexBlock.tsx'
import { InfoList, InfoListSkeleton } from './InfoList.tsx'
import { InfoRow } from './InfoRow.tsx'
import { ListPager, pageWindow } from './ListPager.tsx'
import { NotFoundPanel } from './NotFoundPanel.tsx'
import { PageHeader } from './PageHeader.tsx'
import { StatusBadge } from './StatusBadge.tsx'
import { Toggle } from './Toggle.tsx'
import { TxLink } from './TxLink.tsx'

/** Renders inside a router (links need one) and returns the HTML. */
function html(node: ReactNode): string {
  return renderToString(<MemoryRouter>{node}</MemoryRouter>)
}

/** Every occurrence of `attribute="…"` in the HTML. */
function attributes(markup: string, attribute: string): string[] {
  return [...markup.matchAll(new RegExp(`${attribute}="([^"]*)"`, 'g'))].map((match) => match[1]!)
}

const txHash = '0x4b17cb89d104f8b6d9a0ec3d5bdb306b5a5be0f9c894bd87a03f7a1dc44932a8'

describe('links with copy buttons', () => {
  it('Address: checksummed text, link to /address/…, full value in the title and the copy', () => {
    // An EIP-55 test vector, given in lowercase as a node sends it.
    const markup = html(<Address address="0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed" testId="from" />)
    expect(markup).toContain('>0x5aAe…eAed</a>')
    expect(attributes(markup, 'href')).toEqual(['/address/0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'])
    expect(attributes(markup, 'title')).toContain('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')
    expect(attributes(markup, 'data-copy-value')).toEqual(['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'])
    expect(markup).toContain('data-testid="from"')
  })

  it('Address in full, without a link', () => {
    const markup = html(<Address address="0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed" short={false} link={false} />)
    expect(markup).toContain('>0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed</span>')
    expect(attributes(markup, 'href')).toEqual([])
  })

  it('Hash: a long hash shortened, the whole of it in the title and the copy', () => {
    const markup = html(<Hash value={txHash} />)
    expect(markup).toContain('>0x4b17…32a8</span>')
    expect(attributes(markup, 'title')).toContain(txHash)
    expect(attributes(markup, 'data-copy-value')).toEqual([txHash])
  })

  it('TxLink: links to /tx/:hash', () => {
    const markup = html(<TxLink hash={txHash} />)
    expect(attributes(markup, 'href')).toEqual([`/tx/${txHash}`])
    expect(markup).toContain('>0x4b17…32a8</a>')
  })

  it('BlockLink: grouped digits, link to /block/n, copies the plain number', () => {
    // 0xfbc520 is 16,500,000 (the block of the erigon receipt fixture).
    const markup = html(<BlockLink number="0xfbc520" />)
    expect(markup).toContain('>16,500,000</a>')
    expect(attributes(markup, 'href')).toEqual(['/block/16500000'])
    expect(attributes(markup, 'data-copy-value')).toEqual(['16500000'])
  })
})

describe('detail rows', () => {
  it('InfoRow shows the decoded value and the raw one beneath', () => {
    const markup = html(
      <InfoList testId="block-fields">
        <InfoRow label="Gas limit" raw="0x1c9c380" testId="gas-limit">
          30,000,000
        </InfoRow>
      </InfoList>,
    )
    expect(markup).toMatch(/<dt[^>]*>Gas limit<\/dt>/)
    expect(markup).toMatch(/data-testid="gas-limit"[^>]*>30,000,000</)
    expect(markup).toMatch(/data-testid="gas-limit-raw"[^>]*>.*0x1c9c380</)
  })

  it('renders chain content as text, never as markup', () => {
    const hostile = '<img src=x onerror=alert(1)>'
    const markup = html(
      <InfoRow label="Extra data" raw={hostile}>
        {hostile}
      </InfoRow>,
    )
    expect(markup).not.toContain('<img')
    // Escaped as text: `<` is what would open a tag (`>` in text is harmless, and serialisers differ on it).
    expect(markup).toContain('&lt;img src=x onerror=alert(1)')
  })

  it('InfoListSkeleton says it is busy', () => {
    const markup = html(<InfoListSkeleton rows={3} />)
    expect(markup).toContain('aria-busy="true"')
    expect(markup.match(/data-skeleton/g)).toHaveLength(6)
  })

  it('HexBlock shows the data in full with its size', () => {
    const markup = html(<HexBlock value="0xa9059cbb" testId="input" />)
    expect(markup).toMatch(/data-testid="input"[^>]*>0xa9059cbb</)
    expect(markup).toContain('4 bytes')
    expect(html(<HexBlock value="0x" />)).toContain('empty')
  })

  it('Age reads "N s ago" with the UTC date in its title', () => {
    const markup = html(<Age timestamp={Math.floor(Date.now() / 1000) - 5} />)
    expect(markup).toMatch(/>\d+ s ago</)
    expect(markup).toMatch(/title="[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2} UTC"/)
  })
})

type Row = { n: number }
const columns: Column<Row>[] = [
  { key: 'n', header: 'Number', cell: (row) => `row ${row.n}` },
  { key: 'double', header: 'Double', cell: (row) => row.n * 2, align: 'right', showFrom: 'md' },
]

describe('DataTable', () => {
  const table = (rows: Row[] | undefined) =>
    html(<DataTable columns={columns} rows={rows} rowKey={(row) => String(row.n)} caption="Numbers" empty="No numbers." testId="numbers" rowTestId="number-row" />)

  it('renders a header and one row per item', () => {
    const markup = table([{ n: 1 }, { n: 2 }, { n: 3 }])
    expect(markup).toContain('<caption class="sr-only">Numbers</caption>')
    expect(markup).toMatch(/<th scope="col"[^>]*>Number<\/th>/)
    expect(markup.match(/data-testid="number-row"/g)).toHaveLength(3)
    expect(markup).toContain('>row 3</td>')
    expect(markup).toContain('hidden md:table-cell')
  })

  it('has an empty state and loading rows', () => {
    expect(table([])).toMatch(/data-testid="numbers-empty"[^>]*>No numbers\.</)
    const loading = table(undefined)
    expect(loading).toContain('aria-busy="true"')
    expect(loading.match(/data-testid="numbers-loading-row"/g)).toHaveLength(5)
  })

  /**
   * The height in px an element of server markup is given: by a class whose rule is in the page's one sheet of
   * computed values (a style attribute would be refused by the page's policy: ui/valueStyle.tsx).
   */
  const heightOf = (markup: string, element: string): number => {
    const name = / class="[^"]*\b(v-\w+)\b/.exec(element)?.[1]
    expect(element, 'no style attribute').not.toContain('style=')
    return Number(new RegExp(`\\.${name}\\{height:(\\d+)px\\}`).exec(markup)?.[1])
  }

  it('puts only the visible rows of 5,000 in the DOM', () => {
    const rows = Array.from({ length: 5000 }, (_, n) => ({ n }))
    const markup = table(rows)
    const rendered = markup.match(/data-testid="number-row"/g) ?? []
    // Rendered to a string, the list's place on the page is unknown (the server's long lists start below the
    // first screen): the overscan's rows, what the page keeps once measured, fewer than a 900 px screenful
    // at ~49 px a row (~19), not 5,000.
    expect(rendered.length).toBeGreaterThan(5)
    expect(rendered.length).toBeLessThan(19)
    expect(markup).toContain('>row 0</td>')
    expect(markup).not.toContain('>row 4999</td>')
    expect(markup).toContain('data-virtual-count="5000"')
    // The rows not rendered are one spacer of their estimated height, so the scrollbar is right.
    const spacer = /<tr aria-hidden="true"[^>]*>/.exec(markup)![0]
    expect(heightOf(markup, spacer)).toBeGreaterThan(4900 * 49)
  })

  it('gives every row a fixed height when told one, and sizes the spacer from it', () => {
    const rows = Array.from({ length: 1000 }, (_, n) => ({ n }))
    const markup = html(<DataTable columns={columns} rows={rows} rowKey={(row) => String(row.n)} caption="Numbers" rowTestId="number-row" rowHeight={53} />)
    const rendered = [...markup.matchAll(/<tr[^>]*data-testid="number-row"[^>]*>/g)].map((match) => match[0])
    // A 900 px window at 53 px a row: 17 rows in view, plus the overscan.
    expect(rendered.length).toBeGreaterThan(10)
    expect(rendered.length).toBeLessThan(40)
    for (const row of rendered) expect(heightOf(markup, row)).toBe(53)
    const spacer = /<tr aria-hidden="true"[^>]*>/.exec(markup)![0]
    expect(heightOf(markup, spacer)).toBe((1000 - rendered.length) * 53)
  })
})

describe('panels and controls', () => {
  it('NotFoundPanel says not found, what and where', () => {
    const markup = html(<NotFoundPanel what="block" query="99999999" network="Local anvil" />)
    expect(markup).toContain('Block not found')
    expect(markup).toContain('99999999')
    expect(markup).toContain('Local anvil')
    expect(markup).toContain('data-testid="not-found"')
  })

  it('ErrorPanel names the cause and offers Retry', () => {
    const timeout = html(<ErrorPanel error={new TimeoutError('eth_getBlockByNumber', 15_000)} onRetry={() => {}} />)
    expect(timeout).toContain('data-error-kind="timeout"')
    expect(timeout).toContain('The node did not answer in time')
    expect(timeout).toMatch(/data-testid="error-retry"[^>]*>Retry</)

    const malformed = html(<ErrorPanel error={new MalformedResponseError('eth_getBlockByNumber', 'result.gasUsed', 'expected a hex quantity')} />)
    expect(malformed).toContain('data-error-kind="malformed"')
    expect(malformed).toContain('result.gasUsed: expected a hex quantity')
    expect(malformed).not.toContain('error-retry')

    expect(html(<ErrorPanel error={new HttpError('eth_call', 502, null)} />)).toContain('data-error-kind="http"')
    const node = html(<ErrorPanel error={new RpcError('eth_getLogs', { code: -32005, message: 'query returned more than 10000 results' })} />)
    expect(node).toContain('data-error-kind="rpc"')
    expect(node).toContain('The node limited eth_getLogs')
  })

  it('StatusBadge words every outcome', () => {
    expect(html(<StatusBadge status="success" />)).toContain('Success')
    expect(html(<StatusBadge status="failed" />)).toContain('Failed')
    expect(html(<StatusBadge status="pending" />)).toContain('Pending')
    expect(html(<StatusBadge status="pre-byzantium" />)).toContain('State root (pre-Byzantium)')
    expect(html(<StatusBadge status="failed" />)).toContain('data-status="failed"')
    expect(html(<Badge tone="accent">EIP-1559</Badge>)).toContain('>EIP-1559</span>')
  })

  it('Toggle marks the chosen option and keeps only it in the tab order', () => {
    const markup = html(
      <Toggle
        label="Transaction details"
        value="hashes"
        onChange={() => {}}
        testId="details"
        options={[
          { value: 'hashes', label: 'Hashes' },
          { value: 'full', label: 'Full objects' },
        ]}
      />,
    )
    expect(markup).toContain('role="radiogroup" aria-label="Transaction details"')
    expect(markup).toMatch(/aria-checked="true" tabindex="0"[^>]*data-testid="details-hashes"/)
    expect(markup).toMatch(/aria-checked="false" tabindex="-1"[^>]*data-testid="details-full"/)
  })

  it('PageHeader links previous and disables a missing next', () => {
    const markup = html(<PageHeader kicker="Block" title="#12" subtitle="3 transactions" prev={{ to: '/block/11', label: 'Block 11' }} next={null} />)
    expect(markup).toContain('>#12</h1>')
    expect(attributes(markup, 'href')).toEqual(['/block/11'])
    expect(markup).toMatch(/aria-disabled="true"[^>]*data-testid="page-next"/)
  })
})

describe('ListPager', () => {
  it('pageWindow covers every item exactly once, pages clamped into range', () => {
    for (const total of [0, 1, 24, 25, 26, 4100, 4101]) {
      const first = pageWindow(total, 0, 25)
      const seen: number[] = []
      for (let page = 0; page < first.pageCount; page++) {
        const { start, end } = pageWindow(total, page, 25)
        for (let index = start; index < end; index++) seen.push(index)
      }
      expect(seen).toEqual([...Array(total).keys()])
      expect(pageWindow(total, first.pageCount + 5, 25)).toEqual(pageWindow(total, first.pageCount - 1, 25))
      expect(pageWindow(total, -3, 25)).toEqual(first)
    }
    expect(pageWindow(4100, 163, 25)).toEqual({ page: 163, pageCount: 164, start: 4075, end: 4100 })
  })

  it('says which items are shown and disables the way past either end', () => {
    const html = renderToString(<ListPager noun="logs" total={4100} start={0} end={25} page={0} pageCount={164} onPage={() => {}} testId="p" />)
    expect(html.replaceAll('<!-- -->', '')).toContain('1–25 of 4,100')
    expect(html).toMatch(/<button[^>]*\sdisabled(="")?[\s>][^>]*aria-label="First page of logs"/)
    expect(html).toMatch(/<button(?![^>]*\sdisabled[\s=>])[^>]*aria-label="Next page of logs"/)
  })
})
