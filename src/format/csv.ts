/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** A header line, then a line per row, each ending in \n: `wc -l` counts rows + 1. */
export function csvText(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return [header, ...rows].map((fields) => fields.map(csvField).join(',')).join('\n') + '\n'
}
