/** The `k` best-scored items (highest first), by a bounded insertion: O(n·log k)-ish for the small k of a query. */
export function topK<T>(items: Iterable<{ item: T; score: number }>, k: number): Array<{ item: T; score: number }> {
  const best: Array<{ item: T; score: number }> = [];
  if (k <= 0) return best;
  for (const entry of items) {
    if (best.length === k && entry.score <= best[k - 1].score) continue;
    let at = best.length;
    while (at > 0 && best[at - 1].score < entry.score) at -= 1;
    best.splice(at, 0, entry);
    if (best.length > k) best.pop();
  }
  return best;
}
