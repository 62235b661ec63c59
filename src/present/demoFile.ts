/**
 * The file the presentation adds to the file store: a small SVG card naming the network, the block and the
 * time, so each walk adds a file of its own (a new CID) and its preview shows what it is at a glance.
 */

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)

export const demoFileName = 'chainglass-walk.svg'

export function demoFileText(networkLabel: string, block: bigint | null, at: Date): string {
  const when = at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'
  const where = block === null ? escapeXml(networkLabel) : `${escapeXml(networkLabel)} · block ${block.toLocaleString('en-US')}`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="480" viewBox="0 0 960 480">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#312e81"/>
      <stop offset="1" stop-color="#0e7490"/>
    </linearGradient>
  </defs>
  <rect width="960" height="480" rx="32" fill="url(#sky)"/>
  <g fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="3">
    <rect x="730" y="100" width="80" height="80" rx="14"/>
    <rect x="830" y="100" width="80" height="80" rx="14"/>
    <rect x="780" y="200" width="80" height="80" rx="14"/>
    <path d="M810 140h20M820 180v20"/>
  </g>
  <text x="72" y="170" font-family="system-ui, sans-serif" font-size="64" font-weight="700" fill="#ffffff">chainglass</text>
  <text x="72" y="230" font-family="system-ui, sans-serif" font-size="26" fill="#e0e7ff">A file added during a walk through the explorer</text>
  <text x="72" y="330" font-family="ui-monospace, monospace" font-size="22" fill="#c7d2fe">${where}</text>
  <text x="72" y="370" font-family="ui-monospace, monospace" font-size="22" fill="#c7d2fe">${when}</text>
</svg>
`
}

export function demoFile(networkLabel: string, block: bigint | null, at = new Date()): File {
  return new File([demoFileText(networkLabel, block, at)], demoFileName, { type: 'image/svg+xml' })
}
