/** How long each long-running phase of `npm run soak` lasts (CHAINGLASS_SOAK_SECONDS, default 120). */
export function soakSeconds(): number {
  const raw = process.env.CHAINGLASS_SOAK_SECONDS ?? '120'
  const seconds = Number(raw)
  if (!Number.isFinite(seconds) || seconds < 5) throw new Error(`CHAINGLASS_SOAK_SECONDS must be a number >= 5, got "${raw}"`)
  return seconds
}
