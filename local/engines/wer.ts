const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen',
  'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** Spells a non-negative integer below one million the way speech references do ("25" → "twenty five"). */
export function spellNumber(n: number): string {
  if (n < 20) return ONES[n]!;
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ''}`;
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` ${spellNumber(n % 100)}` : ''}`;
  return `${spellNumber(Math.floor(n / 1000))} thousand${n % 1000 ? ` ${spellNumber(n % 1000)}` : ''}`;
}

/**
 * Spells a four-digit number the way English speech says years ("1455" → "fourteen fifty five",
 * "1900" → "nineteen hundred", "1905" → "nineteen oh five", "2024" → "twenty twenty four"):
 * 1100–1999 and 2010–2099. Other numbers as spellNumber.
 */
export function spellYear(n: number): string {
  if (!((n >= 1100 && n <= 1999) || (n >= 2010 && n <= 2099))) return spellNumber(n);
  const high = Math.floor(n / 100);
  const low = n % 100;
  if (low === 0) return `${spellNumber(high)} hundred`;
  return `${spellNumber(high)} ${low < 10 ? `oh ${ONES[low]}` : spellNumber(low)}`;
}

/**
 * British spellings mapped to the American ones Whisper writes (the same word, not an error), as
 * Whisper's own English normaliser does with its spelling table; a short list of common words.
 */
const SPELLING: Record<string, string> = Object.fromEntries([
  'colour', 'colours', 'coloured', 'favour', 'favourite', 'honour', 'labour', 'neighbour', 'neighbours', 'behaviour', 'humour', 'splendour', 'splendours',
    'rumour', 'harbour', 'armour', 'vapour', 'endeavour',
].map((w) => [w, w.replace(/our/, 'or')]).concat([
  ['counselled', 'counseled'], ['travelled', 'traveled'], ['travelling', 'traveling'], ['traveller', 'traveler'], ['cancelled', 'canceled'], ['labelled',
    'labeled'],
  ['modelled', 'modeled'], ['modelling', 'modeling'], ['signalled', 'signaled'], ['jewellery', 'jewelry'], ['centre', 'center'], ['centres', 'centers'],
    ['theatre', 'theater'],
  ['metre', 'meter'], ['metres', 'meters'], ['litre', 'liter'], ['fibre', 'fiber'], ['grey', 'gray'], ['programme', 'program'], ['catalogue', 'catalog'],
    ['dialogue', 'dialog'],
  ['defence', 'defense'], ['licence', 'license'], ['offence', 'offense'], ['organise', 'organize'], ['organised', 'organized'], ['realise', 'realize'],
    ['realised', 'realized'],
  ['recognise', 'recognize'], ['recognised', 'recognized'], ['apologise', 'apologize'], ['analyse', 'analyze'], ['ageing', 'aging'], ['judgement', 'judgment'],
]));

const ORDINAL_ENDINGS: Record<string, string> = { one: 'first', two: 'second', three: 'third', five: 'fifth', eight: 'eighth', nine: 'ninth',
  twelve: 'twelfth' };

/** Spells an ordinal the way speech references do ("15th" → "fifteenth", "21st" → "twenty first"). */
export function spellOrdinal(n: number): string {
  const words = spellNumber(n).split(' ');
  const last = words.pop()!;
  const ordinal = ORDINAL_ENDINGS[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words, ordinal].join(' ');
}

/**
 * Normalises text for WER: lower case, hyphens as spaces, punctuation removed (inner apostrophes
 * kept), and digit runs spelled out as words so "25" and "twenty five" compare equal (ordinals too:
 * "15th" and "fifteenth"; four-digit numbers as years: "1455" and "fourteen fifty five"), and common
 * British spellings mapped to American ones ("counselled" and "counseled").
 */
export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[-–—]/g, ' ')
    .replace(/\b(\d{1,6})(st|nd|rd|th)\b/g, (_, digits: string) => ` ${spellOrdinal(Number(digits))} `)
    .replace(/\d+/g, (digits) => (digits.length === 4 ? ` ${spellYear(Number(digits))} ` : digits.length <= 6 ? ` ${spellNumber(Number(digits))} ` :
      ` ${digits} `))
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean)
    .map((w) => SPELLING[w] ?? w);
}

export interface WerCounts { substitutions: number; deletions: number; insertions: number; referenceWords: number }

/** Counts edit operations between reference and hypothesis word lists (Levenshtein alignment). */
export function wordErrors(reference: readonly string[], hypothesis: readonly string[]): WerCounts {
  const n = reference.length;
  const m = hypothesis.length;
  // cost[j] with back-pointers kept as counts of each operation along the cheapest path
  let prev = Array.from({ length: m + 1 }, (_, j) => ({ cost: j, s: 0, d: 0, i: j }));
  for (let r = 1; r <= n; r++) {
    const row = [{ cost: r, s: 0, d: r, i: 0 }];
    for (let j = 1; j <= m; j++) {
      const same = reference[r - 1] === hypothesis[j - 1];
      const diag = prev[j - 1]!;
      const up = prev[j]!;
      const left = row[j - 1]!;
      const options = [
        { cost: diag.cost + (same ? 0 : 1), s: diag.s + (same ? 0 : 1), d: diag.d, i: diag.i },
        { cost: up.cost + 1, s: up.s, d: up.d + 1, i: up.i },
        { cost: left.cost + 1, s: left.s, d: left.d, i: left.i + 1 },
      ];
      row.push(options.reduce((a, b) => (b.cost < a.cost ? b : a)));
    }
    prev = row;
  }
  const last = prev[m]!;
  return { substitutions: last.s, deletions: last.d, insertions: last.i, referenceWords: n };
}

/** Word error rate of a hypothesis against a reference, after normalisation (0 when both are empty). */
export function wer(reference: string, hypothesis: string): number {
  const c = wordErrors(normalizeWords(reference), normalizeWords(hypothesis));
  return errorRate(c);
}

/** The counts of several transcripts added up (their pooled error rate is errorRate of the sum). */
export function sumWerCounts(counts: readonly WerCounts[]): WerCounts {
  const total = { substitutions: 0, deletions: 0, insertions: 0, referenceWords: 0 };
  for (const c of counts) for (const k of Object.keys(total) as Array<keyof WerCounts>) total[k] += c[k];
  return total;
}

/** (S + D + I) / N; a reference with no words gives the number of insertions. */
export function errorRate(c: WerCounts): number {
  const errors = c.substitutions + c.deletions + c.insertions;
  return c.referenceWords === 0 ? errors : errors / c.referenceWords;
}
