import type { MeetingAggregate, MeetingsRepository } from '../meetings/model.js';
import type { Slide } from '../chapters/model.js';
import type { FrameDoc, MeetingDoc, SearchIndex, SegmentDoc } from './model.js';
import { groupSlides, slideTitle } from './slides.js';

/** A word as the transcript gives it (seconds, speaker label spk_N). */
export interface TranscriptWord { readonly text: string; readonly start: number; readonly end: number; readonly speaker: string }

/** A frame as the video branch produced it, with the words OCR read on it (a FrameDoc before indexing). */
export type OcrFrame = Omit<FrameDoc, 'meetingId' | 'createdAt' | 'position'>;

/** Passage bounds: a new passage at a change of speaker, a pause this long, or this size. */
export const SEGMENT_PAUSE_SECONDS = 1.5;
export const SEGMENT_MAX_WORDS = 40;
export const SEGMENT_MAX_SECONDS = 20;

export const meetingDocOf = ({ meeting, attendees }: MeetingAggregate): MeetingDoc =>
  ({ meetingId: meeting.id, name: meeting.name, createdAt: meeting.createdAt, emails: attendees.map((a) => a.email) });

/** Splits spoken words into passages (see the bounds above); words keep their start times. */
export function segmentWords(meetingId: string, createdAt: string, words: readonly TranscriptWord[]): SegmentDoc[] {
  const segments: SegmentDoc[] = [];
  let current: TranscriptWord[] = [];
  const flush = () => {
    if (current.length === 0) return;
    segments.push({
      meetingId, createdAt, position: segments.length, start: current[0].start, end: current.at(-1)!.end,
      speaker: current[0].speaker, words: current.map((w) => ({ text: w.text, start: w.start })),
    });
    current = [];
  };
  for (const word of words) {
    const last = current.at(-1);
    if (last && (word.speaker !== last.speaker || word.start - last.end > SEGMENT_PAUSE_SECONDS
      || current.length >= SEGMENT_MAX_WORDS || word.end - current[0].start > SEGMENT_MAX_SECONDS)) flush();
    current.push(word);
  }
  flush();
  return segments;
}

export interface IndexingPorts {
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  readonly index: SearchIndex;
}

/** Indexes the meeting's spoken words (replacing earlier ones). Returns the passage count; 0 when the meeting is gone. */
export async function indexSpokenWords(ports: IndexingPorts, meetingId: string, words: readonly TranscriptWord[]): Promise<number> {
  const aggregate = await ports.meetings.find(meetingId);
  if (!aggregate) return 0;
  const segments = segmentWords(meetingId, aggregate.meeting.createdAt, words);
  await ports.index.upsertMeeting(meetingDocOf(aggregate));
  await ports.index.replaceSegments(meetingId, segments);
  return segments.length;
}

/**
 * Indexes the meeting's slides (replacing earlier frames): consecutive frames with the same text are one slide
 * (slides.ts), indexed once at the time it came up, with the words and picture of the frame read best, so a text
 * hit names each slide once. Returns the frames read and the slides; none when the meeting is gone.
 */
export async function indexFrames(ports: IndexingPorts, meetingId: string, frames: readonly OcrFrame[]): Promise<{ frames: number; slides: Slide[] }> {
  const aggregate = await ports.meetings.find(meetingId);
  if (!aggregate) return { frames: 0, slides: [] };
  const groups = groupSlides(frames);
  const docs: FrameDoc[] = groups.map((g, position) => ({ ...g.best, timestamp: g.start, meetingId, createdAt: aggregate.meeting.createdAt, position }));
  await ports.index.upsertMeeting(meetingDocOf(aggregate));
  await ports.index.replaceFrames(meetingId, docs);
  const slides = groups.map((g) => ({
    start: g.start, end: g.end, title: slideTitle(g.best.words), text: g.best.words.map((w) => w.text).join(' '),
    imageKey: g.best.imageKey, thumbnailKey: g.best.thumbnailKey,
  }));
  return { frames: frames.length, slides };
}
