/**
 * Chapters: a meeting cut where its topic shifts (lexical cohesion between neighbouring windows of turns, as in
 * TextTiling) and where the slide on screen changes. Stored with the notes (`chapters` beside the spec's keys of
 * generated_notes) and rebuilt when the notes are regenerated.
 */

/** A transcript turn as chapters read it: who spoke, what, and when (seconds from the start of the recording). */
export interface ChapterTurn {
  readonly speaker: string;
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Consecutive frames showing the same text (see core/search/slides.ts): one slide, first and last time seen. */
export interface Slide {
  readonly start: number;
  readonly end: number;
  /** Its most prominent line (the tallest words near the top), "" when none reads as a title. */
  readonly title: string;
  /** OCR words of its first frame, space-joined. */
  readonly text: string;
  readonly imageKey: string;
  readonly thumbnailKey: string;
}

/** A chapter as stored with the notes. Times in seconds; `turns` are the indexes of its first and last turn. */
export interface Chapter {
  readonly title: string;
  readonly start_time: number;
  readonly end_time: number;
  readonly turns: readonly [number, number];
  /** Its speakers in order of first words: `spk_N` labels from buildChapters, names as stored (meeting-chapters.ts). */
  readonly speakers: readonly string[];
  /** The slide on screen for most of the chapter, if any. */
  readonly slide: { readonly start_time: number; readonly end_time: number; readonly title: string; readonly thumbnail_key: string } | null;
}
