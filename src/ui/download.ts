/**
 * Hands content to the browser as a download. Bytes of unknown kind should be typed
 * application/octet-stream, so the browser saves them and never opens them in this origin.
 */
export function saveAs(content: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started by then; the URL is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
