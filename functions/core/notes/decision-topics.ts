/**
 * A short decision names its choice but often not what it is about ("Let's go with the playing fields, then."):
 * said under an agenda item the meeting announced ("So, the stargazing night."), it is written under that item
 * ("Stargazing night: go with the playing fields, then."), so it reads on its own in the notes.
 */
import type { Keyphrase } from './keyphrases.js';
import { tag } from './nlp.js';
import { contentWords, keepsCapital } from './text.js';
import { frequencyRank } from './word-commonness.js';

/** A choice that leans on what was being discussed: "(we'll) go with / stick with …", "… it is", "then it's …". */
const CHOICE = /\b(?:go|going|stick|sticking|stay|staying)\s+with\b|\bit\s+is\s*[.!]?\s*$|\bthen\s+it's\b/i;

/** Says its choice without what it is about: two content words at most, or up to four in a "go with" choice or a phrase without a verb ("Twice a month, nine
 * till one."). */
function leansOnContext(text: string): boolean {
  const words = contentWords(text).length;
  return words <= 2 || (words <= 4 && (CHOICE.test(text) || !tag(text).some((t) => t.pos === 'VERB' || t.pos === 'AUX')));
}
/** How many sentences after an agenda item's announcement a decision still counts as under it. */
const SECTION_REACH = 15;

/** The agenda item announced last at or before sentence `at`, at most `reach` sentences before it. */
export function agendaItemAt(topics: readonly Keyphrase[], at: number, reach: number): Keyphrase | undefined {
  return topics.filter((t) => t.announced !== undefined && t.announced <= at && at - t.announced <= reach)
    .sort((a, b) => b.announced! - a.announced!)[0];
}

/** `text`, the decision said at sentence `at`, prefixed with the agenda item it was said under when it does not name it. */
export function underAgendaItem(text: string, at: number, topics: readonly Keyphrase[]): string {
  if (!leansOnContext(text)) return text;
  const words = contentWords(text);
  const item = agendaItemAt(topics, at, SECTION_REACH);
  if (!item || contentWords(item.text).some((w) => words.includes(w))) return text;
  // The choice's first word loses its capital unless it is "I", a name, a title or a date ("Swan: Thursday, then.").
  const first = text.match(/^\p{L}+/u)?.[0] ?? '';
  const plain = /^[A-Z][a-z]/.test(text) && !/^I\b/.test(text) && !keepsCapital(first) && (frequencyRank(first.toLowerCase()) ?? Infinity) <= 20_000;
  const choice = plain ? text[0]!.toLowerCase() + text.slice(1) : text;
  return `${item.text[0]!.toUpperCase()}${item.text.slice(1)}: ${choice}`;
}
