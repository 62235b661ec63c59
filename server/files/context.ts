import type { PinSet } from './pins.ts'
import type { BlockStore } from './store.ts'

/** What every route works on: one block store, one pin set, and the service's limits. */
export type FilesContext = {
  store: BlockStore
  pins: PinSet
  maxUploadBytes: number
  log: (line: string) => void
}

export const jsonType = 'application/json'
