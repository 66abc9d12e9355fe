/** One turn as a transcript file gives it: who spoke (null when the file does not say), the words, and times when the file has them. */
export interface ImportedTurn {
  readonly speaker: string | null;
  readonly text: string;
  /** Seconds from the start of the meeting. */
  readonly start?: number;
  readonly end?: number;
  /** 1-based line of the file where the turn starts (for messages). */
  readonly line: number;
}

/** The kinds of transcript file the import reads. */
export type TranscriptFileFormat = 'vtt' | 'srt' | 'text' | 'json';

/** The file's text split into lines (\r\n, \r or \n), for parsers that report line numbers. */
export function linesOf(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Longest speaker name taken from a file (the same limit as a name the host types). */
export { SPEAKER_NAME_MAX } from '../speaker-names.js';
