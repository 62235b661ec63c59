import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { localRuntimeConfig } from '../../server/appServer.ts'
import { loadConfig } from '../../server/config.ts'
import { runtimeConfigSchema } from '../../contract/runtimeConfig.ts'
import { defaultUploadLimitBytes, overUploadLimit, uploadLimitFor } from './limits.ts'

/** The devnet entry of the /config.json the local service would serve with these settings, as the app reads it. */
function servedDevnet(env: Record<string, string>) {
  const config = loadConfig({ CHAINGLASS_KEY: 'k'.repeat(32), CHAINGLASS_SECRET: 's'.repeat(32), ...env })
  const parsed = v.parse(runtimeConfigSchema, localRuntimeConfig(config, { rpc: 18545, files: 15001 }))
  return parsed.networks.find((network) => network.name === 'devnet')!
}

describe('upload limit', () => {
  it('is the one the local service is started with, as its /config.json says', () => {
    expect(uploadLimitFor(servedDevnet({ CHAINGLASS_MAX_UPLOAD_BYTES: '1048576' }))).toEqual({ bytes: 1_048_576, fromConfig: true })
  })

  it('falls back to the service default, said to be assumed, for a network whose config does not name one', () => {
    const { maxUploadBytes: _, ...unnamed } = servedDevnet({})
    expect(uploadLimitFor(unnamed)).toEqual({ bytes: defaultUploadLimitBytes, fromConfig: false })
  })

  it('refuses a file that does not fit with its multipart framing', () => {
    const limit = { bytes: 1_048_576, fromConfig: true }
    expect(overUploadLimit({ name: 'a.bin', size: 1_048_576 }, limit)).toMatch(/larger than the upload limit of 1 MiB/)
    expect(overUploadLimit({ name: 'a.bin', size: 1_000_000 }, limit)).toBeNull()
  })
})
