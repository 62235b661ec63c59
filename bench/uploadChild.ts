import path from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * The file store alone in a process of its own (forked by upload.ts), from the checkout at CHAINGLASS_UPLOAD_ROOT,
 * so its memory is the store's and not the client's, and an older checkout's store can be measured beside this one.
 */
type Started = { port: number; close(): Promise<void> }
const root = process.env.CHAINGLASS_UPLOAD_ROOT!
const { startFileService } = (await import(pathToFileURL(path.join(root, 'server', 'files', 'server.ts')).href)) as {
  startFileService: (options: { port: number; key: string; secret: string; dataDir: string; maxUploadBytes: number }) => Promise<Started>
}
const service = await startFileService({ port: 0, key: process.env.CHAINGLASS_UPLOAD_KEY!, secret: process.env.CHAINGLASS_UPLOAD_SECRET!, dataDir: process.env.CHAINGLASS_UPLOAD_DATA!, maxUploadBytes: 8 * 1024 ** 3 })
process.on('message', (message) => void (message === 'stop' ? service.close().then(() => process.exit(0)) : undefined))
process.send!({ port: service.port })
