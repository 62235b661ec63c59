/**
 * A folder chosen for upload, with its files' paths under it, as `ipfs add -r` sends one: the folder's name first
 * in every path (`photos/2024/a.jpg`), and each directory named too, so an empty one is kept.
 */
export type FolderUpload = {
  /** The folder's own name: the top of every path. */
  name: string
  files: Array<{ path: string; file: File }>
  /** Every directory under (and including) the folder, parents before children. */
  directories: string[]
  /** The files' bytes together. */
  size: number
}

const parentsOf = (path: string): string[] => {
  const names = path.split('/')
  return names.slice(0, -1).map((_, index) => names.slice(0, index + 1).join('/'))
}

function folderOf(name: string, files: Array<{ path: string; file: File }>, emptyDirectories: readonly string[] = []): FolderUpload {
  const directories = new Set<string>([name])
  for (const { path } of files) for (const parent of parentsOf(path)) directories.add(parent)
  for (const directory of emptyDirectories) {
    for (const parent of parentsOf(directory)) directories.add(parent)
    directories.add(directory)
  }
  return {
    name,
    files: [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    directories: [...directories].sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : a > b ? 1 : 0)),
    size: files.reduce((sum, { file }) => sum + file.size, 0),
  }
}

/** The folders an `<input webkitdirectory>` gave (each file's webkitRelativePath starts with its folder's name). */
export function foldersFromPicked(files: Iterable<File>): FolderUpload[] {
  const byFolder = new Map<string, Array<{ path: string; file: File }>>()
  for (const file of files) {
    const path = file.webkitRelativePath || file.name
    const top = path.split('/')[0]!
    byFolder.set(top, [...(byFolder.get(top) ?? []), { path, file }])
  }
  return [...byFolder].map(([name, list]) => folderOf(name, list))
}

/** The part of the File and Directory Entries API a drop gives (DataTransferItem.webkitGetAsEntry). */
export type DroppedEntry = {
  isFile: boolean
  isDirectory: boolean
  name: string
  fullPath: string
  file?: (success: (file: File) => void, failure?: (error: unknown) => void) => void
  createReader?: () => { readEntries(success: (entries: DroppedEntry[]) => void, failure?: (error: unknown) => void): void }
}

const fileOf = (entry: DroppedEntry) => new Promise<File>((resolve, reject) => entry.file!(resolve, reject))

/** A directory's entries: readEntries answers a batch at a time (100 in Chromium) until it answers none. */
async function childrenOf(entry: DroppedEntry): Promise<DroppedEntry[]> {
  const reader = entry.createReader!()
  const all: DroppedEntry[] = []
  for (;;) {
    const batch = await new Promise<DroppedEntry[]>((resolve, reject) => reader.readEntries(resolve, reject))
    if (batch.length === 0) return all
    all.push(...batch)
  }
}

/**
 * What a drop holds: its plain files, and each dropped folder walked to its files and empty directories, their
 * paths from the folder's name down. Take the entries in the drop event itself (they are gone after it).
 */
export async function readDropped(entries: readonly DroppedEntry[]): Promise<{ files: File[]; folders: FolderUpload[] }> {
  const files: File[] = []
  const folders: FolderUpload[] = []
  for (const entry of entries) {
    if (entry.isFile) {
      files.push(await fileOf(entry))
      continue
    }
    if (!entry.isDirectory) continue
    const found: Array<{ path: string; file: File }> = []
    const empty: string[] = []
    const walk = async (directory: DroppedEntry, path: string): Promise<void> => {
      const children = await childrenOf(directory)
      if (children.length === 0 && path !== entry.name) empty.push(path)
      for (const child of children) {
        const childPath = `${path}/${child.name}`
        if (child.isDirectory) await walk(child, childPath)
        else if (child.isFile) found.push({ path: childPath, file: await fileOf(child) })
      }
    }
    await walk(entry, entry.name)
    folders.push(folderOf(entry.name, found, empty))
  }
  return { files, folders }
}
