import { fork } from 'node:child_process'
import path from 'node:path'

export type ServiceApart = {
  urls: { app: string | null; rpc: string }
  anvil: { httpUrl: string; wsUrl: string }
  close(): Promise<void>
}

/**
 * The bench's service in a process of its own (serviceChild.ts), so the app server, the gateway and the file
 * store never share an event loop with Playwright and the DevTools protocol's events the bench records: the
 * browser's requests wait on the service alone, as they do on `npm start`'s parts (gatewayOverhead.ts keeps its
 * load client apart for the same reason).
 */
export function startServiceApart(env: NodeJS.ProcessEnv): Promise<ServiceApart> {
  const child = fork(path.join(import.meta.dirname, 'serviceChild.ts'), [], { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) => reject(new Error(`the bench's service stopped while starting (code ${code}, signal ${signal})`)))
    child.once('message', (message) => {
      const started = message as Omit<ServiceApart, 'close'>
      resolve({
        ...started,
        async close() {
          if (child.exitCode === null && child.signalCode === null) child.send('close')
          await exited
        },
      })
    })
  })
}
