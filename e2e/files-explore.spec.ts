import { randomBytes } from 'node:crypto'
import { CarWriter } from '@ipld/car'
import * as dagCbor from '@ipld/dag-cbor'
import * as dagPb from '@ipld/dag-pb'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import { watchDialogs } from './helpers.ts'
import { fileStore } from './service.ts'

/**
 * The DAG explorer (/files/explore/:cid): reached from an entry's CID in the Folders panel and from a pasted CID,
 * each link opening the next block. Expected values come from the blocks themselves, made or read here with
 * @ipld/dag-pb, @ipld/dag-cbor and multiformats, not from the app.
 */

const auth = { authorization: `Basic ${Buffer.from(`${fileStore.key}:${fileStore.secret}`).toString('base64')}` }

async function blockBytes(request: APIRequestContext, cid: string): Promise<Uint8Array> {
  return new Uint8Array(await (await request.post(`${fileStore.url}/api/v0/block/get?arg=${cid}`, { headers: auth })).body())
}

async function importCar(request: APIRequestContext, blocks: Array<{ cid: CID; bytes: Uint8Array }>): Promise<void> {
  const { writer, out } = CarWriter.create([blocks.at(-1)!.cid])
  const chunks: Uint8Array[] = []
  const reading = (async () => {
    for await (const chunk of out) chunks.push(chunk)
  })()
  for (const block of blocks) await writer.put(block)
  await writer.close()
  await reading
  const response = await request.post(`${fileStore.url}/api/v0/dag/import`, { headers: auth, multipart: { file: { name: 'blocks.car', mimeType: 'application/vnd.ipld.car', buffer: Buffer.concat(chunks) } } })
  expect(response.status()).toBe(200)
}

async function openFolder(page: Page, folder: string): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(`/files?folder=/${folder}`)
  await expect(page.getByTestId('store-status')).toHaveAttribute('data-state', 'ok')
}

test.describe('the DAG explorer', () => {
  test('a folder from the Folders panel: dag-pb, its UnixFS type, links to follow, both CID versions, sizes', async ({ page, request }) => {
    const folder = `dag-${randomBytes(4).toString('hex')}`
    const content = `inside ${folder}\n`
    await request.post(`${fileStore.url}/api/v0/files/write?arg=/${folder}/inside.txt&create=true&parents=true`, {
      headers: auth,
      multipart: { file: { name: 'data', mimeType: 'text/plain', buffer: Buffer.from(content) } },
    })
    const folderCid = ((await (await request.post(`${fileStore.url}/api/v0/files/stat?arg=/${folder}`, { headers: auth })).json()) as { Hash: string }).Hash
    const folderBytes = await blockBytes(request, folderCid)
    const node = dagPb.decode(folderBytes)
    const fileCid = node.Links[0]!.Hash.toString()
    const fileBytes = await blockBytes(request, fileCid)

    await openFolder(page, '')
    await page.getByTestId('folder-entry').filter({ hasText: folder }).getByTestId('entry-cid').click()
    await expect(page).toHaveURL(new RegExp(`/files/explore/${folderCid}`))
    await expect(page.getByTestId('explore-codec')).toHaveText('dag-pb')
    await expect(page.getByTestId('explore-unixfs')).toHaveText('directory')
    await expect(page.getByTestId('explore-size')).toHaveText(`${folderBytes.length} bytes`)
    await expect(page.getByTestId('explore-dag-size')).toHaveText(`${folderBytes.length + fileBytes.length} bytes in 2 blocks`)
    await expect(page.getByTestId('explore-v0')).toContainText(folderCid)
    await expect(page.getByTestId('explore-v1')).toContainText(CID.parse(folderCid).toV1().toString())
    await expect(page.getByTestId('explore-links')).toContainText('Links (1)')
    const link = page.getByTestId('link-row')
    await expect(link.getByTestId('link-name')).toHaveText('inside.txt')
    await expect(link).toContainText(`${node.Links[0]!.Tsize} B`)

    await link.getByTestId('link-cid').click()
    await expect(page).toHaveURL(new RegExp(`/files/explore/${fileCid}`))
    await expect(page.getByTestId('explore-unixfs')).toHaveText('file')
    await expect(page.getByTestId('explore-data-size')).toHaveText(`${content.length} bytes of a file of ${content.length} bytes`)
    await expect(page.getByTestId('links-table-empty')).toHaveText('This block links to nothing.')
    await expect(page.getByTestId('explore-hex')).toContainText(`inside ${folder}`.slice(0, 10))
    await page.screenshot({ path: test.info().outputPath('explore-file.png'), fullPage: true })
    await request.post(`${fileStore.url}/api/v0/files/rm?arg=/${folder}&recursive=true`, { headers: auth })
  })

  test('a pasted dag-cbor CID: its node as text (never markup), the CIDs inside it as links, a raw block as text and hex', async ({ page, request }) => {
    const dialogs = watchDialogs(page)
    const note = new TextEncoder().encode(`a raw note ${randomBytes(4).toString('hex')}\n`)
    const rawCid = CID.createV1(raw.code, await sha256.digest(note))
    const value = { title: '<img src=x onerror="alert(1)"><script>alert(2)</script>', count: 7, parts: [rawCid], bytes: new Uint8Array([0xde, 0xad]) }
    const cborBytes = dagCbor.encode(value)
    const cborCid = CID.createV1(dagCbor.code, await sha256.digest(cborBytes))
    await importCar(request, [
      { cid: rawCid, bytes: note },
      { cid: cborCid, bytes: cborBytes },
    ])

    await openFolder(page, '')
    await page.getByTestId('open-directory').getByRole('textbox').fill(cborCid.toString())
    await page.getByTestId('explore-cid').click()
    await expect(page).toHaveURL(new RegExp(`/files/explore/${cborCid}`))
    await expect(page.getByTestId('explore-codec')).toHaveText('dag-cbor')
    await expect(page.getByTestId('explore-size')).toHaveText(`${cborBytes.length} bytes`)
    await expect(page.getByTestId('explore-v0')).toContainText('none')
    await expect(page.getByTestId('explore-unixfs')).toHaveCount(0)
    const json = page.getByTestId('explore-json')
    await expect(json).toContainText('"title": "<img src=x onerror=\\"alert(1)\\"><script>alert(2)</script>"')
    await expect(json).toContainText(`"/": "${rawCid}"`)
    await expect(json).toContainText('"bytes": "3q0"')
    await expect(page.locator('[data-testid="explore-page"] img, [data-testid="explore-page"] script')).toHaveCount(0)
    await expect(page.getByTestId('link-row').getByTestId('link-name')).toHaveText('parts/0')
    await page.screenshot({ path: test.info().outputPath('explore-cbor.png'), fullPage: true })

    await page.getByTestId('link-row').getByTestId('link-cid').click()
    await expect(page.getByTestId('explore-codec')).toHaveText('raw')
    await expect(page.getByTestId('explore-text')).toHaveText(new TextDecoder().decode(note))
    await expect(page.getByTestId('explore-hex')).toContainText('61 20 72 61 77 20 6e 6f 74 65')
    await expect(page.getByTestId('links-table-empty')).toHaveText('A raw block has no links: it is data.')
    // The explorer's own form takes the next CID; one that is not a CID is explained.
    await page.getByTestId('explore-form').getByRole('textbox').fill('not-a-cid')
    await expect(page.getByTestId('explore-form-problem')).toBeVisible()
    expect(dialogs).toEqual([])
  })

  test('a block the store does not hold is said to be missing', async ({ page }) => {
    const absent = CID.createV1(raw.code, await sha256.digest(randomBytes(16)))
    await page.goto(`/files/explore/${absent}`)
    await expect(page.getByTestId('explore-error')).toContainText('not found')
  })
})
