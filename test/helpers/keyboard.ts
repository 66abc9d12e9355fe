/** Keyboard walks for the browser suites (issue 17): what Tab reaches, whether it shows a focus ring, and whether a dialog keeps it. */
import type { Locator, Page } from 'playwright-core';

export interface FocusStop {
  /** The accessible name as the page gives it (aria-label, else text), or the tag for a nameless element. */
  name: string;
  /** A visible focus indicator: an outline (or a box shadow) of some width. */
  ring: boolean;
  /** Inside `scope` (when one was given). */
  inside: boolean;
}

/** The focused element, or null when the focus is on the page itself. */
export async function focused(page: Page, scope?: string): Promise<FocusStop | null> {
  return page.evaluate((scopeSelector) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== 'none' && style.boxShadow !== '');
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80) || el.tagName.toLowerCase();
    const root = scopeSelector ? document.querySelector(scopeSelector) : null;
    return { name, ring, inside: root ? root.contains(el) : true };
  }, scope ?? null);
}

/**
 * Presses Tab up to `limit` times from where the focus is and returns each stop. With `untilCycle`, stops once the
 * focus is back on the first element it reached (a dialog's trap); `cycled` says whether that happened.
 */
export async function tabWalk(page: Page, options: { limit?: number; scope?: string; untilCycle?: boolean; until?: (stop: FocusStop) => boolean } = {}): Promise<{ stops: FocusStop[]; cycled: boolean }> {
  const { limit = 40, scope, untilCycle = false, until } = options;
  const stops: FocusStop[] = [];
  await page.evaluate(() => document.querySelectorAll('[data-kb-walk], [data-kb-last]').forEach((el) => { el.removeAttribute('data-kb-walk'); el.removeAttribute('data-kb-last'); }));
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await focused(page, scope);
    if (!stop) continue;
    // Back on the first element reached, coming from another one (a video's own controls are several stops on one element).
    const seenFirst = await page.evaluate((index) => {
      const el = document.activeElement as HTMLElement;
      const first = el.getAttribute('data-kb-walk') === '0' && !el.hasAttribute('data-kb-last');
      document.querySelectorAll('[data-kb-last]').forEach((e) => e.removeAttribute('data-kb-last'));
      el.setAttribute('data-kb-last', '');
      if (!el.hasAttribute('data-kb-walk')) el.setAttribute('data-kb-walk', String(index));
      return first;
    }, stops.length);
    if (untilCycle && seenFirst && stops.length > 0) return { stops, cycled: true };
    stops.push(stop);
    if (until?.(stop)) break;
  }
  return { stops, cycled: false };
}

/** Opens a meeting's options menu from the keyboard and chooses `item` with ↓ and Enter. */
export async function chooseOption(page: Page, row: Locator, meetingName: string, item: string): Promise<void> {
  await row.getByRole('button', { name: `Options for ${meetingName}` }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `Options for ${meetingName}` });
  await menu.waitFor();
  for (let i = 0; i < 10; i += 1) {
    if ((await focused(page))?.name === item) break;
    await page.keyboard.press('ArrowDown');
  }
  if ((await focused(page))?.name !== item) throw new Error(`The keyboard did not reach "${item}" in the options menu`);
  await page.keyboard.press('Enter');
}
