import fs from 'node:fs/promises'

/** The names in a directory; none when it does not exist (yet), or is a stray file where a shard would be. */
export async function readdirOrEmpty(directory: string): Promise<string[]> {
  try {
    return await fs.readdir(directory)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return []
    throw error
  }
}
