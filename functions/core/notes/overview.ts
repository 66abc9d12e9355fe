/** The overview: who discussed which topics, and how many decisions and action items came of it. */
import type { Keyphrase } from './keyphrases.js';

export const listing = (items: readonly string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Up to four topics: the leading one and the others scoring at least a third of it. */
export function overviewTopics(topics: readonly Keyphrase[]): string[] {
  const top = topics[0]?.score ?? 0;
  return topics.filter((t, i) => i < 3 || (i < 4 && t.score >= top / 3)).slice(0, 4)
    .map((t) => (t.bare ? t.text : `the ${t.text}`));
}

/**
 * The overview's closing sentence: what came of the meeting, naming only what there is ("They recorded 2 action
 * items.", never "0 decisions"), or that nothing was recorded.
 */
export function outcomeSentence(speakerCount: number, decisions: number, actionItems: number): string {
  if (decisions + actionItems === 0) return 'No decisions or action items were recorded.';
  const parts = [
    ...(decisions > 0 ? [count(decisions, 'decision', 'decisions')] : []),
    ...(actionItems > 0 ? [count(actionItems, 'action item', 'action items')] : []),
  ];
  return `${speakerCount === 1 ? 'The meeting' : 'They'} recorded ${listing(parts)}.`;
}

/** "Alice and Bob discussed the printing press, the paper supplier and wedding invitations. They recorded 1 decision and 2 action items." */
export function writeOverview(speakers: readonly string[], topics: readonly Keyphrase[], decisions: number, actionItems: number): string {
  if (speakers.length === 0) return 'Nothing was said in this recording.';
  const who = speakers.length > 4 ? `${speakers.slice(0, 3).join(', ')} and ${speakers.length - 3} others` : listing(speakers);
  const names = overviewTopics(topics);
  const lead = names.length > 0 ? `${who} discussed ${listing(names)}.` : `${who} spoke briefly, with no clear topic.`;
  return `${lead} ${outcomeSentence(speakers.length, decisions, actionItems)}`;
}
