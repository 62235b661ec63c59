/**
 * `npm run contracts`: compiles the demo contracts (server/chain/contracts/*.sol) with solc-js and writes the
 * output the repository keeps beside them (compile.ts keptArtifactsFile), so a fresh checkout starts without
 * the compiler. Run it after changing a contract; compile.test.ts fails until then.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { artifactsJson, compileContracts, keptArtifactsFile } from '../server/chain/compile.ts'

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-contracts-'))
try {
  const { artifacts, ms } = await compileContracts(path.join(scratch, 'artifacts.json'), undefined, { kept: false })
  fs.writeFileSync(keptArtifactsFile(), artifactsJson(artifacts))
  console.log(`contracts: ${Object.keys(artifacts.contracts).length} compiled with solc ${artifacts.compiler} in ${(ms / 1000).toFixed(1)} s; wrote ${path.relative(process.cwd(), keptArtifactsFile())}`)
} finally {
  fs.rmSync(scratch, { recursive: true, force: true })
}
