/** Small text helpers of the notes engine and its evaluation: tokens, stop words (English), a light stemmer. */
const STOP_WORDS = new Set((
  'a about above after again against all am an and any are as at be because been before being below between both but by ' +
  'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
  'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
  'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
  'these they this those through to too under until up very was we were what when where which while who whom why will ' +
  'with would you your yours yourself yourselves yeah yes okay ok um uh like so well really also get got go going gonna ' +
  'know think thing things mean kind sort right oh lot just actually one two us let'
).split(/\s+/));

/** `text` with the characters that mean something in a regular expression escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words that keep their capital at the start of a sentence: titles, days and months ("Mrs Adeyemi", "Tuesday evening"). */
const KEEPS_CAPITAL = new Set(('mr mrs ms miss dr prof sir dame monday tuesday wednesday thursday friday saturday sunday ' +
  'january february march april june july august september october november december').split(' '));
/** True for a title, day or month (not "may", which opens sentences as a verb far more often than as the month). */
export const keepsCapital = (word: string): boolean => KEEPS_CAPITAL.has(word.toLowerCase());

/** Lower-cased word tokens (letters, digits, apostrophes). */
export const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

/** Content words: tokens that are not stop words, not contractions' tails, at least 3 characters; one spelling (US) for both. */
export const contentWords = (text: string): string[] =>
  words(text).map((w) => w.replace(/'(s|ll|re|ve|d|t|m)$/, '')).filter((w) => w.length >= 3 && !STOP_WORDS.has(w)).map(americanSpelling).map(stem);

/**
 * British spellings in the American form the speech engine writes ("colours" → "colors", "organise" → "organize",
 * "centre" → "center"), so a typed or scripted word matches a transcribed one. Applied to both sides of every
 * comparison, so a word caught by mistake ("promise" → "promize") still matches itself.
 */
export function americanSpelling(word: string): string {
  return word
    .replace(/^(\p{L}{3,})our(s|ed|ing|ful|ite|ites|able)?$/u, '$1or$2')
    .replace(/^(\p{L}{3,})is(e|es|ed|ing|ation|ations)$/u, '$1iz$2')
    .replace(/^(\p{L}{3,})tre(s)?$/u, '$1ter$2');
}

/** Suffixes and what replaces them, the first that fits. */
const STEM_RULES: ReadonlyArray<[RegExp, string]> = [[/ies$/, 'y'], [/(ss|sh|ch|x)es$/, '$1'], [/([^s])s$/, '$1'], [/ing$/, ''], [/reed$/, 'ree'], [/ed$/, '']];
/** A light suffix stripper (crashes → crash, reported → report), enough for sentences to share terms. */
export function stem(word: string): string {
  const rule = word.length > 4 ? STEM_RULES.find(([suffix]) => suffix.test(word)) : undefined;
  const stripped = rule ? word.replace(rule[0], rule[1]) : word;
  const stemmed = stripped.length >= 3 ? stripped : word;
  // A silent e after a consonant goes too, so "retire", "retired" and "retiring" (and "move", "moved") are one term.
  return stemmed.length >= 4 && /[^aeiou]e$/.test(stemmed) ? stemmed.slice(0, -1) : stemmed;
}
