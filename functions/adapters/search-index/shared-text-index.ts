/** A document found by a search: who owns it, its position among the owner's documents, and how many terms matched a whole word. */
export interface TextMatch<Owner> { readonly owner: Owner; readonly position: number; readonly exact: number }

/** One owner's words: its distinct words in code-unit order (so a prefix's words are one run), each with the documents holding it. */
interface OwnerWords {
  readonly count: number;
  readonly words: readonly string[];
  readonly start: Uint32Array;
  readonly documents: Uint32Array;
}

/**
 * Prefix search over the documents of many owners (meetings), for a subset of them. Each owner's words are
 * held as one sorted word list and typed-array postings (the documents holding each word), so a query walks
 * only the asked owners' postings of the words its terms begin. Words are interned once for all owners.
 * The first versions used MiniSearch (a Map per word and document: ~200 MB of the 500 meeting-hours in
 * bench:ask), first one index per meeting, then one shared index (docs/search.md, "Index").
 */
export class SharedTextIndex<Owner extends object> {
  private readonly owners = new Map<Owner, OwnerWords>();
  /** One string per distinct word ever indexed (words of removed owners stay: the table grows with the vocabulary only). */
  private readonly interned = new Map<string, string>();

  /** Indexes an owner's documents (normalised text, words separated by spaces, in position order). Throws when the owner is already indexed. */
  add(owner: Owner, texts: readonly string[]): void {
    if (this.owners.has(owner)) throw new Error('Owner already indexed');
    const byWord = new Map<string, number[]>();
    texts.forEach((text, document) => {
      for (const word of text.split(' ')) {
        if (!word) continue;
        let holding = byWord.get(word);
        if (!holding) byWord.set(word, (holding = []));
        if (holding.at(-1) !== document) holding.push(document);
      }
    });
    const words = [...byWord.keys()].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    const start = new Uint32Array(words.length + 1);
    words.forEach((w, k) => { start[k + 1] = start[k] + byWord.get(w)!.length; });
    const documents = new Uint32Array(start[words.length]);
    words.forEach((w, k) => documents.set(byWord.get(w)!, start[k]));
    this.owners.set(owner, { count: texts.length, words: words.map((w) => this.intern(w)), start, documents });
  }

  /** Forgets an owner's documents; nothing happens for an owner never added. */
  remove(owner: Owner): void { this.owners.delete(owner); }

  /** Documents of the given owners where every term starts some word; unranked. */
  match(terms: readonly string[], owners: ReadonlySet<Owner>): TextMatch<Owner>[] {
    const required = terms.filter(Boolean);
    if (required.length === 0 || owners.size === 0) return [];
    const found: TextMatch<Owner>[] = [];
    for (const owner of owners) {
      const words = this.owners.get(owner);
      if (words) found.push(...matchOwner(owner, words, required, terms));
    }
    return found;
  }

  private intern(word: string): string {
    const known = this.interned.get(word);
    if (known !== undefined) return known;
    this.interned.set(word, word);
    return word;
  }
}

function matchOwner<Owner>(owner: Owner, o: OwnerWords, required: readonly string[], terms: readonly string[]): TextMatch<Owner>[] {
  const matched = new Uint8Array(o.count);
  for (let i = 0; i < required.length; i += 1) {
    let advanced = false;
    for (let k = firstAtLeast(o.words, required[i]); k < o.words.length && o.words[k].startsWith(required[i]); k += 1) {
      for (let j = o.start[k]; j < o.start[k + 1]; j += 1) {
        if (matched[o.documents[j]] === i) { matched[o.documents[j]] = i + 1; advanced = true; }
      }
    }
    if (!advanced) return [];
  }
  const exact = new Uint8Array(o.count);
  for (const term of terms) {
    const k = firstAtLeast(o.words, term);
    if (o.words[k] !== term) continue;
    for (let j = o.start[k]; j < o.start[k + 1]; j += 1) exact[o.documents[j]] += 1;
  }
  const found: TextMatch<Owner>[] = [];
  for (let d = 0; d < o.count; d += 1) if (matched[d] === required.length) found.push({ owner, position: d, exact: exact[d] });
  return found;
}

/** Index of the first word not before `term` (binary search over the sorted words). */
function firstAtLeast(words: readonly string[], term: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (words[mid] < term) low = mid + 1;
    else high = mid;
  }
  return low;
}
