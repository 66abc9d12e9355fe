/** axe-core (pinned @axe-core/playwright) over a page or one part of it: the serious and critical violations, and a log line of the counts. */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface AxeFinding { id: string; impact: string | null | undefined; help: string; targets: string[] }

/** Runs axe (WCAG 2.0/2.1 A and AA rules) on `page`, or only inside `selector`; resolves to the serious and critical findings. */
export async function seriousAxeViolations(page: Page, label: string, selector?: string): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (selector) builder = builder.include(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(`[axe] ${label}: ${results.violations.length} violations (${serious.length} serious or critical), ${results.passes.length} rules passed`);
  return serious.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}
