// The accessibility check the browser journeys run on what a screen shows.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/**
 * axe-core's WCAG 2.1 A/AA rules on the page as it is now (only within `selector` when given):
 * its serious and critical findings, each with the elements it names. An empty list passes.
 *
 * In axe's "legacy" mode: a single run inside the page, its same-origin frames included. The
 * default mode runs in each frame and then finishes in a new blank page of the context, which
 * doubles the cost of every check; it exists for cross-origin frames, and the portal has none (its
 * one iframe, a document's PDF in the review screen, comes from the portal itself).
 */
export async function hallazgosGraves(page: Page, selector?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    // Every rule still runs, and every violation lists all its elements; only the passes are not
    // gathered element by element, which this check never reads (a third of its cost).
    .options({ resultTypes: ['violations'] })
  if (selector) axe.include(selector)
  const { violations } = await axe.analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}
