import MiniSearch from 'minisearch';

/** A document found by a search: who owns it, its position among the owner's documents, and how many terms matched a whole word. */
export interface TextMatch<Owner> { readonly owner: Owner; readonly position: number; readonly exact: number }

// Text is indexed already normalised (core/search/text.ts), so MiniSearch only splits on spaces.
const splitSpaces = (text: string): string[] => (text ? text.split(' ') : []);
const keep = (term: string) => term;

/**
 * One MiniSearch index over the documents of many owners (meetings), searched for a subset of them.
 * One index rather than one per meeting: the vocabulary and MiniSearch's per-term maps are held once,
 * not once per meeting. Owners outside the asked subset are skipped through MiniSearch's
 * `boostDocument` (weight 0), before any scoring, so a query costs little more than walking the
 * postings of its terms.
 *
 * Each owner's documents get consecutive ids; a replaced owner's ids are discarded (MiniSearch
 * vacuums them) and never reused.
 */
export class SharedTextIndex<Owner extends object> {
  private readonly index = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'], storeFields: [], tokenize: splitSpaces, processTerm: keep,
    searchOptions: { prefix: true, fuzzy: false, combineWith: 'AND', tokenize: splitSpaces, processTerm: keep },
  });
  /** Owner of each id ever given (undefined once removed). */
  private readonly owners: Array<Owner | undefined> = [];
  private readonly ranges = new Map<Owner, { first: number; count: number }>();

  /** Indexes an owner's documents (normalised text, in position order). Throws when the owner is already indexed. */
  add(owner: Owner, texts: readonly string[]): void {
    if (this.ranges.has(owner)) throw new Error('Owner already indexed');
    const first = this.owners.length;
    this.ranges.set(owner, { first, count: texts.length });
    for (let i = 0; i < texts.length; i += 1) this.owners.push(owner);
    this.index.addAll(texts.map((text, i) => ({ id: first + i, text })));
  }

  /** Forgets an owner's documents; nothing happens for an owner never added. */
  remove(owner: Owner): void {
    const range = this.ranges.get(owner);
    if (!range) return;
    this.ranges.delete(owner);
    const ids = Array.from({ length: range.count }, (_, i) => range.first + i);
    for (const id of ids) this.owners[id] = undefined;
    if (ids.length > 0) this.index.discardAll(ids);
  }

  /** Documents of the given owners where every term starts some word; unranked. */
  match(terms: readonly string[], owners: ReadonlySet<Owner>): TextMatch<Owner>[] {
    if (terms.length === 0 || owners.size === 0) return [];
    const wanted = (id: unknown) => (owners.has(this.owners[id as number] as Owner) ? 1 : 0);
    return this.index.search(terms.join(' '), { boostDocument: wanted }).map((r) => {
      const owner = this.owners[r.id as number]!;
      return { owner, position: (r.id as number) - this.ranges.get(owner)!.first, exact: terms.filter((q) => r.terms.includes(q)).length };
    });
  }
}
