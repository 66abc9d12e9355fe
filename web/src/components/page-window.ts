/** Which page links the pagination shows (spec §9: 5 pages wide, 2 narrower, 1 margin page, breaks between). */

export type PageItem = { kind: 'page'; page: number } | { kind: 'break'; after: number };

export const WIDE_PAGE_RANGE = 5;
export const NARROW_PAGE_RANGE = 2;
const MARGIN_PAGES = 1;

/** Number of pages for `count` items at `pageSize` per page (at least 1). */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/**
 * The items to show for 1-based `current` of `total` pages: a window of `range` pages around the current
 * one (kept inside 1..total), `margin` pages at each end, and one break for each gap between them.
 */
export function pageWindow(current: number, total: number, range: number, margin = MARGIN_PAGES): PageItem[] {
  if (total <= range + 2 * margin) return Array.from({ length: total }, (_, i) => ({ kind: 'page', page: i + 1 }));
  const start = Math.min(Math.max(1, current - Math.floor(range / 2)), total - range + 1);
  const shown = (page: number) => page <= margin || page > total - margin || (page >= start && page < start + range);
  const items: PageItem[] = [];
  for (let page = 1; page <= total; page += 1) {
    if (shown(page)) items.push({ kind: 'page', page });
    else if (items.at(-1)?.kind !== 'break') items.push({ kind: 'break', after: page - 1 });
  }
  return items;
}
