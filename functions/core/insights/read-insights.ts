import { INSIGHTS_MESSAGES, type ChapterView, type NotesResponse, type SentimentsResponse } from '../../contracts/insights.js';
import type { Chapter } from '../chapters/model.js';
import { Conflict, NotFound } from '../errors.js';
import { loadVisible, type Caller } from '../meetings/access.js';
import type { MeetingsRepository } from '../meetings/model.js';
import type { MeetingNotes } from '../notes/model.js';
import { notesWithCurrentNames, sentimentsWithNames, type SpeakerNamesLookup } from '../speakers/named-reads.js';
import type { InsightsStore } from './model.js';

export interface ReadInsightsDependencies {
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  readonly insights: Pick<InsightsStore<MeetingNotes>, 'state' | 'loadSentiments' | 'loadNotes'>;
  /** Links to slide thumbnails of chapters; without it chapters carry no picture. */
  readonly pictures?: { presignGet(key: string, expiresSeconds: number): Promise<string> };
  /** The meeting's current speaker names: answers carry them (a rename shows at once); without it, names as stored. */
  readonly speakerNames?: SpeakerNamesLookup;
}

/** Chapter thumbnails are linked for an hour, as the transcript file is. */
const PICTURE_LINK_SECONDS = 3600;

async function chapterViews(chapters: readonly Chapter[], pictures: ReadInsightsDependencies['pictures']): Promise<ChapterView[]> {
  return Promise.all(chapters.map(async (c) => ({
    title: c.title, start_time: c.start_time, end_time: c.end_time, turns: [c.turns[0], c.turns[1]] as [number, number], speakers: [...c.speakers],
    slide: c.slide ? {
      start_time: c.slide.start_time, end_time: c.slide.end_time, title: c.slide.title,
      thumbnail_url: pictures ? await pictures.presignGet(c.slide.thumbnail_key, PICTURE_LINK_SECONDS) : null,
    } : null,
  })));
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
    if (document) {
      const answer: SentimentsResponse = { ...document, status: 'ready' };
      return d.speakerNames ? sentimentsWithNames(answer, await d.speakerNames(meetingId)) : answer;
    }
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
  return notesView(d.speakerNames ? notesWithCurrentNames(notes, await d.speakerNames(meetingId)) : notes, d.pictures);
}

/**
 * Stored notes as the API answers them: chapters' slide pictures as links; deleted action items left out (they are kept
 * only so a regenerate does not bring them back, core/action-items/merge.ts).
 */
export async function notesView(notes: MeetingNotes, pictures: ReadInsightsDependencies['pictures']): Promise<NotesResponse> {
  const { chapters, deleted_action_items: _deleted, speaker_names: _names, ...rest } = notes;
  return chapters ? { ...rest, chapters: await chapterViews(chapters, pictures) } : rest;
}
