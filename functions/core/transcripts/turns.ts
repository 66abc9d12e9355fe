import type { TimedWord } from './transcribe-output.js';

/** A stretch of one speaker's talk: what the transcript file shows as one line. */
export interface SpeakerTurn {
  /** Display label, `Speaker N` (N from 1). */
  readonly speaker: string;
  /** Transcribe's label, `spk_N` (N from 0), as sentiment items carry it. */
  readonly speakerLabel: string;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly words: ReadonlyArray<{ readonly text: string; readonly start: number; readonly end: number; readonly confidence: number | null }>;
  /** An imported turn whose times the file did not give: estimated from its length (transcript import, issue 27). */
  readonly estimated?: boolean;
}

/** The transcript artefact stored as JSON next to the recording's other artefacts. */
export interface TranscriptDocument {
  readonly version: 1;
  readonly meetingId: string;
  readonly durationSeconds: number | null;
  /** Display labels in order of first appearance. */
  readonly speakers: readonly string[];
  readonly turns: readonly SpeakerTurn[];
  /** 'import' for a transcript imported from a file (no recording); absent for a recording's transcript. */
  readonly source?: 'import';
  /** Some turns' times are estimates (a file without times); such turns carry `estimated`. */
  readonly timesEstimated?: boolean;
  /** The speakers' names as the imported file gave them, by label (the transcript item keeps the names in force). */
  readonly importedSpeakerNames?: Readonly<Record<string, string>>;
}

/** A pause this long (seconds) starts a new line even when the same person goes on. */
export const TURN_PAUSE_SECONDS = 2;
/** A line is closed once it spans this long (seconds), so a click on it lands near the words. */
export const TURN_MAX_SECONDS = 30;

/** `spk_0` → `Speaker 1`; any other label is kept as it is. */
export function speakerDisplayName(label: string): string {
  const match = /^spk_(\d+)$/.exec(label);
  return match ? `Speaker ${Number(match[1]) + 1}` : label;
}

/**
 * Groups timed words into speaker turns: a new turn on a change of speaker, after a pause of
 * TURN_PAUSE_SECONDS, or once a turn spans TURN_MAX_SECONDS.
 */
export function buildTurns(words: readonly TimedWord[]): SpeakerTurn[] {
  const turns: SpeakerTurn[] = [];
  let current: TimedWord[] = [];
  const close = () => {
    if (current.length === 0) return;
    const first = current[0]!;
    turns.push({
      speaker: speakerDisplayName(first.speaker), speakerLabel: first.speaker,
      start: first.start, end: current.at(-1)!.end,
      text: current.map((w) => w.text).join(' '),
      words: current.map(({ text, start, end, confidence }) => ({ text, start, end, confidence })),
    });
    current = [];
  };
  for (const word of words) {
    const previous = current.at(-1);
    if (previous && (word.speaker !== previous.speaker || word.start - previous.end >= TURN_PAUSE_SECONDS ||
      word.end - current[0]!.start > TURN_MAX_SECONDS)) close();
    current.push(word);
  }
  close();
  return turns;
}

/** Display labels in order of first appearance. */
export function speakersOf(turns: readonly SpeakerTurn[]): string[] {
  return [...new Set(turns.map((t) => t.speaker))];
}

/** Seconds of talk: the summed spans of the turns (pauses between turns excluded). */
export function speechSeconds(turns: readonly SpeakerTurn[]): number {
  return turns.reduce((sum, t) => sum + (t.end - t.start), 0);
}
