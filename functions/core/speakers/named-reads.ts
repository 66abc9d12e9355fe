/**
 * The read calls' answers under the meeting's current speaker names (issue 30): notes (overview, summary,
 * decisions, action items and their owners, chapters) and the sentiment series. Nothing stored is rewritten.
 */
import type { SentimentItemView, SentimentsResponse, SpeakerSentimentView } from '../../contracts/insights.js';
import type { ActionItem, MeetingNotes } from '../notes/model.js';
import { labelNames, nameOf, renameInText, renames, type CurrentNames } from './resolve-names.js';

/** Port: the meeting's current names (display label → name; `{}` without a transcript). */
export type SpeakerNamesLookup = (meetingId: string) => Promise<CurrentNames>;

/**
 * The notes as if written with `current`: each name the notes were written with (`speaker_names`, else the labels)
 * that has changed since is replaced, in every text and owner. The stored `speaker_names` becomes `current`.
 */
export function notesWithCurrentNames(notes: MeetingNotes, current: CurrentNames): MeetingNotes {
  const changes = renames(notes.speaker_names ?? labelNames(current), current);
  if (changes.size === 0) return { ...notes, speaker_names: current };
  const text = (value: string) => renameInText(value, changes);
  return {
    ...notes,
    overview: text(notes.overview),
    summary: notes.summary.map(text),
    decisions: (notes.decisions ?? []).map((d) => ({ ...d, content: text(d.content) })),
    action_items: actionItemsWithCurrentNames(notes.action_items, notes.speaker_names, current),
    ...(notes.chapters ? { chapters: notes.chapters.map((c) => ({ ...c, title: text(c.title), speakers: c.speakers.map(text) })) } : {}),
    speaker_names: current,
  };
}

/** Action items written with `written` (absent: the labels) as if written with `current`: their text and owners. */
export function actionItemsWithCurrentNames<T extends Pick<ActionItem, 'content'> & { readonly owner?: string | null }>(
  items: readonly T[], written: CurrentNames | undefined, current: CurrentNames,
): T[] {
  const changes = renames(written ?? labelNames(current), current);
  if (changes.size === 0) return [...items];
  return items.map((item) => ({ ...item, content: renameInText(item.content, changes), owner: item.owner ? renameInText(item.owner, changes) : item.owner }));
}

const withName = <T extends { speaker_label: string }>(item: T, current: CurrentNames): T & { speaker_name: string } =>
  ({ ...item, speaker_name: nameOf(current, item.speaker_label) });

/** The sentiment series with each item's and each speaker's current name (`speaker_name`, beside `speaker_label`). */
export function sentimentsWithNames(answer: SentimentsResponse, current: CurrentNames): SentimentsResponse {
  return {
    ...answer,
    sentiments_data: answer.sentiments_data.map((i): SentimentItemView => withName(i, current)),
    speakers: answer.speakers.map((s): SpeakerSentimentView => withName(s, current)),
  };
}
