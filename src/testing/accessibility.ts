import axe from 'axe-core'
import { expect } from 'vitest'

/**
 * axe-core's WCAG 2.0/2.1/2.2 A and AA rules on the page as rendered: nothing serious or critical. The e2e suite
 * ran this on every page over the live stack; here it runs on the same pages rendered from recorded answers.
 * Test-only.
 */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

type Finding = { id: string; impact: string | null | undefined; help: string; targets: string[] }

export async function expectNoSeriousAxeFindings(what: string): Promise<void> {
  const results = await axe.run(document, { runOnly: { type: 'tag', values: wcag }, resultTypes: ['violations'] })
  const serious: Finding[] = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }))
  expect(serious, `axe on ${what}`).toEqual([])
}
