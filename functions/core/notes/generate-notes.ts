import type { Sentence } from '../insights/transcript.js';
import type { ActionItem, DraftPoint, MeetingNotes, NotesEngine, TimestampRange } from './model.js';
import { mergeSameNamedSpeakers } from './speaker-names.js';

/** Label → name, as NotesInput takes them (`spk_0` → "Alice"). */
export type SpeakerNamesByLabel = Readonly<Record<string, string>>;

export class NotesGenerationFailed extends Error {
  readonly name = 'NotesGenerationFailed';
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/** `{confidence}` (clamped to 0..1, two decimals) when the engine gave one; nothing otherwise. */
const confidenceOf = (p: DraftPoint): { confidence?: number } =>
  (typeof p.confidence === 'number' && Number.isFinite(p.confidence) ? { confidence: round(Math.min(1, Math.max(0, p.confidence))) } : {});
const suggestedOf = (p: DraftPoint): { suggested?: true } => (p.suggested ? { suggested: true } : {});

/** Keeps stored notes far below DynamoDB's 400 KB item limit however long the meeting (sentences are ≤ 60 words). */
export const MAX_ACTION_ITEMS = 100;

/**
 * Drafts notes with the engine (labels named alike count as one speaker) and gives them their stored shape: ids for the notes and each action item,
 * action items numbered from 1 (at most MAX_ACTION_ITEMS), not stored in Todoist, time ranges clamped to the transcript's span.
 * @throws NotesGenerationFailed when the engine fails or returns no overview.
 */
export async function generateNotes(
  sentences: readonly Sentence[], engine: NotesEngine, newId: () => string, speakerNames: SpeakerNamesByLabel = {},
): Promise<MeetingNotes> {
  let draft;
  try {
    draft = await engine.draft(mergeSameNamedSpeakers(sentences, speakerNames));
  } catch (error) {
    throw new NotesGenerationFailed(`The ${engine.name} notes engine failed: ${(error as Error).message}`);
  }
  if (!draft.overview.trim()) throw new NotesGenerationFailed(`The ${engine.name} notes engine returned no overview.`);
  const first = sentences[0]?.start ?? 0;
  const last = sentences.reduce((end, s) => Math.max(end, s.end), first);
  const range = (p: DraftPoint): TimestampRange => {
    const start = Math.min(Math.max(p.start, first), last);
    return { start_time: round(start), end_time: round(Math.min(Math.max(p.end, start), last)) };
  };
  const summary = draft.summary.filter((p) => p.text.trim());
  const actionItems: ActionItem[] = draft.actionItems.filter((p) => p.text.trim()).slice(0, MAX_ACTION_ITEMS).map((p, i) => ({
    number: i + 1, content: p.text.trim(), timestamp_range: range(p), id: newId(), stored_in_todoist: false,
    owner: p.owner?.trim() || null, due: p.due?.trim() || null, ...confidenceOf(p), ...suggestedOf(p),
  }));
  const decisions = (draft.decisions ?? []).filter((p) => p.text.trim())
    .map((p) => ({ content: p.text.trim(), timestamp_range: range(p), ...confidenceOf(p), ...suggestedOf(p) }));
  return {
    notes_id: newId(),
    overview: draft.overview.trim(),
    summary: summary.map((p) => p.text.trim()),
    action_items: actionItems,
    timestamp_ranges: summary.map(range),
    decisions,
  };
}
