import { INSIGHTS_MESSAGES, type NotesResponse, type SentimentsResponse } from '../../contracts/insights.js';
import { Conflict, NotFound } from '../errors.js';
import { loadVisible, type Caller } from '../meetings/access.js';
import type { MeetingsRepository } from '../meetings/model.js';
import type { MeetingNotes } from '../notes/model.js';
import type { InsightsStore } from './model.js';

export interface ReadInsightsDependencies {
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  readonly insights: Pick<InsightsStore<MeetingNotes>, 'state' | 'loadSentiments' | 'loadNotes'>;
}

/**
 * The sentiment series of a meeting the caller can see; empty with status 'processing' until the stage
 * has finished, status 'failed' when it failed. Throws NotFound for a meeting the caller cannot see.
 */
export async function getSentiments(d: ReadInsightsDependencies, caller: Caller, meetingId: string): Promise<SentimentsResponse> {
  await loadVisible(d.meetings, meetingId, caller);
  const state = await d.insights.state(meetingId, 'sentiments');
  if (state?.status === 'ready') {
    const document = await d.insights.loadSentiments(meetingId);
    if (document) return { ...document, status: 'ready' };
  }
  return { sentiments_data: [], speakers: [], status: state?.status === 'failed' ? 'failed' : 'processing' };
}

/**
 * The generated notes of a meeting the caller can see.
 * @throws NotFound while they are being generated (and for a meeting the caller cannot see);
 *   Conflict when generating them failed.
 */
export async function getNotes(d: ReadInsightsDependencies, caller: Caller, meetingId: string): Promise<NotesResponse> {
  await loadVisible(d.meetings, meetingId, caller);
  const state = await d.insights.state(meetingId, 'notes');
  if (state?.status === 'failed') throw new Conflict(INSIGHTS_MESSAGES.notesGenerationFailed);
  const notes = state?.status === 'ready' ? await d.insights.loadNotes(meetingId) : undefined;
  if (!notes) throw new NotFound(INSIGHTS_MESSAGES.notesGenerating);
  // Deleted action items are kept only so a regenerate does not bring them back (core/action-items/merge.ts).
  const { deleted_action_items: _deleted, ...shown } = notes;
  return shown;
}
