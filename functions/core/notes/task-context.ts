/**
 * "Ravi: do the figure" or "Leo: make that change" tells a reader who was not there nothing: the sentence that gave
 * the task leaned on what was being discussed. Such a terse task gets the topic it was said about, in brackets
 * ("Ravi: do the figure (conference abstract)"): the meeting's topic said nearest before it, or else the agenda
 * item it was said under.
 */
import { agendaItemAt } from './decision-topics.js';
import { withoutDue } from './due-dates.js';
import type { Keyphrase } from './keyphrases.js';
import { contentWords } from './text.js';
import { frequencyRank } from './word-commonness.js';

/** Words that point back to something said before ("make that change", "get a price for one"). */
const POINTING = /\b(?:it|that|this|those|them|these|one|ones)\b/i;
/** How many sentences before a task's own a topic may have been said in (the rest of its own sentence is no context). */
const NEAR = 3;
/** How many sentences after an agenda item's announcement a task still counts as under it. */
const SECTION_REACH = 10;
/** Only the meeting's leading topics give context: a stray noun phrase would mislead more than help. */
const LEADING_TOPICS = 12;

/** A one-word topic as common as "fair", "crowd" or "run" says too little to place a task; "barn" or "logo" does. */
const COMMON_RANK = 2500;
const specific = (k: Keyphrase) => k.lemmas.length > 1 || (frequencyRank(k.lemmas[0]!) ?? Infinity) > COMMON_RANK;

/** Names what it is about with two content words at most, or three with a word that points back. */
export function leansOnContext(task: string, due: string | null): boolean {
  const own = withoutDue(task, due);
  const words = contentWords(own).length;
  return words <= 2 || (words <= 3 && POINTING.test(own));
}

/**
 * The topic a task said at sentence `at` (an index of the texts `topics` were found in) is about, when the task
 * leans on context and does not name it; undefined otherwise.
 */
export function topicOfTask(task: string, due: string | null, at: number, topics: readonly Keyphrase[]): string | undefined {
  if (!leansOnContext(task, due)) return undefined;
  const named = contentWords(task);
  // "tag" is named by "do the tagging": a word counts as said when one is the other's start.
  const fresh = (k: Keyphrase) => !contentWords(k.text).some((w) => named.some((n) => n.startsWith(w) || w.startsWith(n)));
  // A task that already names an agenda item or a leading topic of two words or more ("sort the minibus out") has its context.
  const leading = topics.slice(0, LEADING_TOPICS);
  if (leading.some((k) => !fresh(k) && (k.announced !== undefined || k.lemmas.length > 1))) return undefined;
  const near = leading.filter((k) => fresh(k) && specific(k))
    .map((k) => ({ k, last: Math.max(-1, ...k.sentences.filter((s) => s < at && at - s <= NEAR)) }))
    .filter(({ last }) => last >= 0).sort((a, b) => b.last - a.last)[0]?.k;
  return (near ?? agendaItemAt(topics.filter(fresh), at, SECTION_REACH))?.text;
}

/** `text` ("Ravi: do the figure") with the topic it is about in brackets, when it needs one. */
export function withTopic(text: string, topic: string | undefined): string {
  return topic ? `${text} (${topic})` : text;
}
