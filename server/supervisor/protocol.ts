/** What passes between the supervisor (server/main.ts) and its workers (partMain.ts). */

export const partNames = ['gateway', 'files', 'app', 'chain-life'] as const
export type PartName = (typeof partNames)[number]

/**
 * What a worker learns from the supervisor, as JSON in CHAINGLASS_PART_SETTINGS. The ports the supervisor
 * resolved (a configured 0 becomes the port it bound) travel in the usual CHAINGLASS_*_PORT variables, so a
 * worker's loadConfig() sees the real ones: the app's /config.json and the file store's allowed origins need them.
 */
export type PartSettings = {
  part: PartName
  /** anvil's addresses: fixed for the supervisor's life, since a restarted anvil comes back on the same ones. */
  node: { httpUrl: string; ipcPath: string; wsUrl: string }
}

export const settingsVariable = 'CHAINGLASS_PART_SETTINGS'

/** The worker finds its listening socket at this descriptor: 0-2 are stdio, 3 the IPC channel. */
export const socketFd = 4

/** Worker to supervisor: started (and listening), or could not start and is about to exit. */
export type PartMessage = { type: 'ready' } | { type: 'failed'; message: string }

export function readPartSettings(env: Record<string, string | undefined>): PartSettings {
  const raw = env[settingsVariable]
  if (!raw) throw new Error(`${settingsVariable} is not set: this file is started by server/main.ts, not by hand`)
  const settings = JSON.parse(raw) as PartSettings
  if (!partNames.includes(settings.part)) throw new Error(`unknown part "${settings.part}" in ${settingsVariable}`)
  return settings
}
