import type { AddSessions } from './addSessions.ts'
import type { GcLock } from './gcLock.ts'
import type { PinSet } from './pins.ts'
import type { BlockStore } from './store.ts'

/** What every route works on: one block store, one pin set, the adds under way, and the service's limits. */
export type FilesContext = {
  store: BlockStore
  pins: PinSet
  sessions: AddSessions
  gcLock: GcLock
  maxUploadBytes: number
  log: (line: string) => void
}

export const jsonType = 'application/json'
