/**
 * A meeting's chapters as stored with its notes: built from the stored transcript (its turns are the transcript's
 * lines, so `turns` index them) and the slides the video branch found, speakers named as the host named them.
 * The notes stage builds them with the notes; the frames stage, which may finish later, rebuilds them with its slides.
 */
import { turnsOf } from '../insights/transcript.js';
import { namesByLabel } from '../notes/speaker-names.js';
import { buildChapters } from './build-chapters.js';
import type { Chapter, ChapterTurn, Slide } from './model.js';

/** The turns of a transcript document (core/transcripts/turns.ts) as chapters read them; turns without words are kept, empty. */
export function chapterTurnsOf(document: unknown): ChapterTurn[] {
  let last = 0;
  return turnsOf(document).map((turn) => {
    const timed = turn.words.filter((w) => Number.isFinite(w.start) && Number.isFinite(w.end));
    const start = timed[0]?.start ?? last;
    last = timed.at(-1)?.end ?? start;
    return { speaker: turn.speaker, text: turn.words.map((w) => w.text).join(' '), start, end: last };
  });
}

/** `spk_2` → "Speaker 3", as the transcript shows an unnamed speaker. */
const displayLabel = (label: string) => { const n = /^spk_(\d+)$/.exec(label)?.[1]; return n === undefined ? label : `Speaker ${Number(n) + 1}`; };

/**
 * Chapters of a transcript document with the host's speaker names (`{'Speaker 1': 'Alice'}`) and the slides shown.
 * Throws InvalidTranscript when the document has no turns.
 */
export function chaptersOf(document: unknown, speakerNames: Readonly<Record<string, string>>, slides: readonly Slide[] = []): Chapter[] {
  const names = namesByLabel(speakerNames);
  const excluded = new Set(Object.values(names).flatMap((n) => n.toLowerCase().split(/\s+/)));
  return buildChapters(chapterTurnsOf(document), { slides, excluded })
    .map((c) => ({ ...c, speakers: [...new Set(c.speakers.map((s) => names[s] ?? displayLabel(s)))] }));
}

export interface RefreshChaptersPorts {
  readonly transcripts: { findTranscript(meetingId: string): Promise<{ readonly jsonKey: string; readonly speakerNames: Readonly<Record<string,
    string>> } | undefined> };
  readonly files: { getJson<T>(key: string): Promise<T> };
  readonly slides: { findSlides(meetingId: string): Promise<readonly Slide[] | undefined> };
  readonly notes: {
    state(meetingId: string, kind: 'notes'): Promise<{ readonly status: string } | undefined>;
    /** Replaces the chapters of ready notes only (nothing else of them); false when there are none. */
    saveChapters(meetingId: string, chapters: readonly Chapter[]): Promise<boolean>;
  };
}

/**
 * Rebuilds the chapters of a meeting's ready notes with the slides found: called by the frames stage when it is done,
 * and by the notes stage after saving notes built before the slides were there (the two run side by side).
 * Returns whether chapters were saved (not when there are no slides, no ready notes or no transcript).
 */
export async function refreshChapters(ports: RefreshChaptersPorts, meetingId: string): Promise<boolean> {
  const slides = await ports.slides.findSlides(meetingId);
  if (!slides?.length) return false;
  if ((await ports.notes.state(meetingId, 'notes'))?.status !== 'ready') return false;
  const transcript = await ports.transcripts.findTranscript(meetingId);
  if (!transcript) return false;
  const document = await ports.files.getJson<unknown>(transcript.jsonKey);
  return ports.notes.saveChapters(meetingId, chaptersOf(document, transcript.speakerNames, slides));
}
