/** The `k` best-scored items offered (highest first), by a bounded insertion: cheap for the small k of a query. */
export class TopK<T> {
  readonly best: Array<{ item: T; score: number }> = [];

  constructor(private readonly k: number) {}

  /** Whether an item of this score would be kept (check before making the item). */
  accepts(score: number): boolean { return this.k > 0 && (this.best.length < this.k || score > this.best[this.k - 1].score); }

  offer(item: T, score: number): void {
    if (!this.accepts(score)) return;
    let at = this.best.length;
    while (at > 0 && this.best[at - 1].score < score) at -= 1;
    this.best.splice(at, 0, { item, score });
    if (this.best.length > this.k) this.best.pop();
  }
}

/** The `k` best-scored items (highest first). */
export function topK<T>(items: Iterable<{ item: T; score: number }>, k: number): Array<{ item: T; score: number }> {
  const kept = new TopK<T>(k);
  for (const { item, score } of items) kept.offer(item, score);
  return kept.best;
}
