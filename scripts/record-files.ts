/**
 * The file store's answers the files page test replays (testdata/components/local-files.json), recorded by
 * `npm run record:local` from the local service's real store: one small text file added through its Kubo-style
 * RPC, then exactly the requests the page makes (version, pin/ls, cat of the preview, pin/add, id, files/ls of the
 * tree with the file put in it, the files/stat and streamed ls the folders panel lists it with, and the explorer's block/stat, dag/get,
 * block/get and dag/stat of that file and of a CID never stored), each with the
 * status, content type and body the store answered; and, in `refused`, the first two asked with a wrong secret. Nothing is rendered; nothing is edited.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { TestService } from '../server/testing/service.ts'
import type { RecordedHttp } from '../src/testing/fileStoreReplay.ts'

/** The text the recording adds: short, so the preview shows it whole. */
export const fileText = 'Hello from chainglass: a file in the local store.\n'

/** What the page's preview asks for: its first bytes and one more, to tell whether there is more (src/queries/files.ts). */
const previewLength = 1024 * 1024 + 1

export async function recordFiles(service: TestService, outDir: string): Promise<void> {
  const authorization = `Basic ${Buffer.from(`${service.config.key}:${service.config.secret}`).toString('base64')}`
  const requests: RecordedHttp[] = []
  const ask = async (command: string, query: URLSearchParams, body?: FormData): Promise<string> => {
    const response = await fetch(`${service.urls.files}/api/v0/${command}${query.size ? `?${query}` : ''}`, { method: 'POST', headers: { authorization }, body })
    const text = await response.text()
    requests.push({ command, query: query.toString(), status: response.status, contentType: response.headers.get('content-type') ?? '', body: text })
    return text
  }
  const form = new FormData()
  form.append('file', new Blob([fileText], { type: 'text/plain' }), 'hello.txt')
  const added = JSON.parse((await ask('add', new URLSearchParams({ 'cid-version': '0', pin: 'true' }), form)).trim().split('\n').at(-1)!) as { Hash: string }
  await ask('version', new URLSearchParams())
  await ask('pin/ls', new URLSearchParams())
  await ask('cat', new URLSearchParams({ arg: added.Hash, length: String(previewLength) }))
  await ask('pin/add', new URLSearchParams({ arg: added.Hash }))
  // The store's peer (the store card), and the folder tree with the file put in it as the page puts an upload.
  await ask('id', new URLSearchParams())
  await ask('files/cp', new URLSearchParams([['arg', `/ipfs/${added.Hash}`], ['arg', '/hello.txt']]))
  await ask('files/ls', new URLSearchParams({ arg: '/', long: 'true' }))
  // What the folders panel asks: the folder's CID, then that directory's listing, streamed.
  const root = (JSON.parse(await ask('files/stat', new URLSearchParams({ arg: '/' }))) as { Hash: string }).Hash
  await ask('ls', new URLSearchParams({ arg: root, stream: 'true' }))
  // The DAG explorer's reads of the added file's block (src/pages/files/ExplorePage.tsx).
  for (const command of ['block/stat', 'dag/get', 'block/get']) await ask(command, new URLSearchParams({ arg: added.Hash }))
  await ask('dag/stat', new URLSearchParams({ arg: added.Hash, progress: 'false' }))
  // A CID the store has never held (only hashed, not stored): what reading it answers.
  const never = new FormData()
  never.append('file', new Blob(['never stored\n'], { type: 'text/plain' }), 'never.txt')
  const unknown = (JSON.parse((await ask('add', new URLSearchParams({ 'only-hash': 'true' }), never)).trim().split('\n').at(-1)!) as { Hash: string }).Hash
  await ask('cat', new URLSearchParams({ arg: unknown, length: String(previewLength) }))
  for (const command of ['block/stat', 'dag/get', 'block/get']) await ask(command, new URLSearchParams({ arg: unknown }))
  await ask('dag/stat', new URLSearchParams({ arg: unknown, progress: 'false' }))
  // The same first requests with a secret the store does not take: what a page with wrong credentials is answered.
  const wrong = `Basic ${Buffer.from(`${service.config.key}:not-the-secret`).toString('base64')}`
  const refused: RecordedHttp[] = []
  for (const [command, query] of [['version', ''], ['pin/ls', ''], ['id', ''], ['files/stat', new URLSearchParams({ arg: '/' }).toString()]] as const) {
    const response = await fetch(`${service.urls.files}/api/v0/${command}${query ? `?${query}` : ''}`, { method: 'POST', headers: { authorization: wrong } })
    refused.push({ command, query, status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() })
  }
  const file = path.join(outDir, 'local-files.json')
  const source = 'recorded from the local service\'s file store (its Kubo-style RPC) by scripts/record-files.ts: one text file added, then the files page\'s requests'
  fs.writeFileSync(file, `${JSON.stringify({ source, facts: { cid: added.Hash, text: fileText, name: 'hello.txt', unknown }, requests, refused }, null, 1)}\n`)
  console.log(`wrote ${path.relative(process.cwd(), file)}: ${requests.length} requests`)
}
