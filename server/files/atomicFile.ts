import fs from 'node:fs/promises'
import path from 'node:path'

let tempCounter = 0

/**
 * Replaces `file` whole: the text goes to a temp file beside it (`.<name>.<pid>.<n>.tmp`), is fsynced, and is
 * renamed over the old one, so a crash leaves either the old file or the new one, never half of either.
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${tempCounter++}.tmp`)
  const handle = await fs.open(temp, 'w')
  try {
    await handle.writeFile(text, 'utf8')
    await handle.sync()
  } finally {
    await handle.close()
  }
  await fs.rename(temp, file)
}
