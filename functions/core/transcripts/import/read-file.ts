import { TRANSCRIPT_IMPORT_MESSAGES } from '../../../contracts/transcripts.js';
import type { SpeakerNames } from '../speaker-names.js';
import type { TranscriptDocument } from '../turns.js';
import { decodeTranscriptBytes } from './decode.js';
import { detectFormat } from './detect-format.js';
import { UnreadableTranscript } from './errors.js';
import { buildImportedTranscript } from './imported-document.js';
import type { ImportedTurn, TranscriptFileFormat } from './model.js';
import { parseJsonTurns } from './json-turns.js';
import { parsePlainText } from './plain-text.js';
import { parseSubRip } from './subrip.js';
import { parseWebVtt } from './webvtt.js';

/** A transcript file as the import call receives it. */
export interface TranscriptFile {
  readonly bytes: Uint8Array;
  /** The request's Content-Type (parameters allowed). */
  readonly contentType?: string;
  readonly fileName?: string;
}

const PARSERS: Readonly<Record<TranscriptFileFormat, (text: string) => ImportedTurn[]>> = {
  vtt: parseWebVtt, srt: parseSubRip, text: parsePlainText, json: parseJsonTurns,
};

/**
 * Reads a whole transcript file into the meeting's transcript document and the speakers' names: decodes it, picks
 * its format (detect-format.ts), parses every line and builds the document. Nothing is stored here.
 * Throws UnreadableTranscript (empty, no text, unknown kind), UnsupportedTranscriptType, MalformedTranscript (`Line N: …`).
 */
export function readTranscriptFile(meetingId: string, file: TranscriptFile): { format: TranscriptFileFormat; document: TranscriptDocument;
  speakerNames: SpeakerNames } {
  const text = file.bytes.length === 0 ? '' : decodeTranscriptBytes(file.bytes);
  if (text.trim() === '') throw new UnreadableTranscript(TRANSCRIPT_IMPORT_MESSAGES.empty);
  const format = detectFormat(file.contentType, file.fileName, text);
  return { format, ...buildImportedTranscript(meetingId, PARSERS[format](text)) };
}
