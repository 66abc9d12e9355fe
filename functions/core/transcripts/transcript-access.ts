import type { SpeakerNamesAnswer, SpeakerNamesUpdated, TranscriptLink, TranscriptStatus } from '../../contracts/transcripts.js';
import { TRANSCRIPT_URL_SECONDS } from '../../contracts/transcripts.js';
import { loadForWrite, loadVisible, type Caller } from '../meetings/access.js';
import { BadRequest } from '../meetings/errors.js';
import type { MeetingsRepository } from '../meetings/model.js';
import type { ProcessingState } from '../pipeline/processing-status.js';
import { renderTranscriptText } from './format.js';
import { TRANSCRIPT_EXPORTS, TRANSCRIPT_FORMATS, isTranscriptFormat, renderTranscriptExport, type TranscriptFormat } from './export-formats.js';
import { applySpeakerNames, type SpeakerNames } from './speaker-names.js';
import type { SpeakerTurn, TranscriptDocument } from './turns.js';
import { editedTurn, LINE_EDIT_MESSAGES, LINE_TEXT_MAX } from './edit-line.js';
import { ValidationFailed } from '../errors.js';
import { mergeRecentNames, typedNames, type NameChoicesStore } from '../speakers/name-choices.js';

export interface StoredTranscript {
  readonly jsonKey: string;
  readonly textKey: string;
  readonly speakerNames: SpeakerNames;
}

/** Ports of the transcript calls. */
export interface TranscriptPorts {
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  readonly transcripts: {
    findTranscript(meetingId: string): Promise<StoredTranscript | undefined>;
    findState(meetingId: string): Promise<ProcessingState | undefined>;
    saveSpeakerNames(meetingId: string, names: SpeakerNames): Promise<void>;
  };
  readonly files: {
    presignGet(key: string, expiresSeconds: number): Promise<string>;
    getText(key: string): Promise<string>;
    putText(key: string, text: string, contentType: string): Promise<void>;
  };
  readonly clock: () => number;
  /** Re-indexes the spoken words after an edit (speaker = spk_N label), so word search finds the corrected words. */
  readonly spokenWords?: { reindex(meetingId: string, words: ReadonlyArray<{ text: string; start: number; end: number; speaker: string }>): Promise<unknown> };
  /** Re-indexes the Ask passages from the stored transcript and speaker names, after an edit or a rename. */
  readonly passages?: { reindex(meetingId: string): Promise<unknown> };
  /** Marks the meeting's notes as made from the earlier text (the notes modal then offers to regenerate them). */
  readonly notes?: { markTranscriptEdited(meetingId: string, at: string): Promise<void> };
  /** The host's recent names (offered again in later meetings) and the meeting's dismissed suggestions. */
  readonly nameChoices?: NameChoicesStore;
}

export const TRANSCRIPT_MESSAGES = {
  notReady: 'The transcript is not ready yet.',
  badFormat: `format must be one of ${TRANSCRIPT_FORMATS.join(', ')}.`,
} as const;

/** The format asked for in ?format= (txt when absent). Throws BadRequest for anything else. */
export function transcriptFormat(value: string | undefined): TranscriptFormat {
  if (value === undefined || value === '') return 'txt';
  const format = value.trim().toLowerCase();
  if (!isTranscriptFormat(format)) throw new BadRequest(TRANSCRIPT_MESSAGES.badFormat);
  return format;
}

/** Where the download of a format is kept: beside speaker_labeled_transcript.txt, with the format's extension. */
export const exportKey = (textKey: string, format: TranscriptFormat) =>
  format === 'txt' ? textKey : textKey.replace(/[^/]*$/, TRANSCRIPT_EXPORTS[format].fileName);

async function statusOf(ports: TranscriptPorts, meetingId: string): Promise<{ status: TranscriptStatus; reason: string | null }> {
  const state = await ports.transcripts.findState(meetingId);
  if (!state) return { status: 'not_uploaded', reason: null };
  const transcript = state.artefacts?.transcript ?? 'queued';
  return { status: transcript, reason: transcript === 'failed' || state.status === 'failed' ? state.reason : null };
}

async function link(ports: TranscriptPorts, key: string) {
  const url = await ports.files.presignGet(key, TRANSCRIPT_URL_SECONDS);
  return { url, expiration_time: new Date(ports.clock() + TRANSCRIPT_URL_SECONDS * 1000).toISOString() };
}

/**
 * A 1-hour link to speaker_labeled_transcript.txt (or its .srt/.vtt/.json rendering, written afresh from the
 * transcript document and the current speaker names), or url null with the status while it is not ready.
 * Throws NotFound when the caller may not see the meeting.
 */
export async function transcriptLink(
  ports: TranscriptPorts, caller: Caller, meetingId: string, format: TranscriptFormat = 'txt',
): Promise<TranscriptLink> {
  await loadVisible(ports.meetings, meetingId, caller);
  const stored = await ports.transcripts.findTranscript(meetingId);
  if (!stored) return { url: null, expiration_time: null, ...(await statusOf(ports, meetingId)) };
  if (format !== 'txt') {
    const document = JSON.parse(await ports.files.getText(stored.jsonKey)) as TranscriptDocument;
    const key = exportKey(stored.textKey, format);
    await ports.files.putText(key, renderTranscriptExport(format, document, stored.speakerNames), TRANSCRIPT_EXPORTS[format].contentType);
    return { ...(await link(ports, key)), status: 'ready', reason: null };
  }
  return { ...(await link(ports, stored.textKey)), status: 'ready', reason: null };
}

/** The speaker names (label → name); empty with the status while there is no transcript. Throws NotFound. */
export async function speakerNames(ports: TranscriptPorts, caller: Caller, meetingId: string): Promise<SpeakerNamesAnswer> {
  await loadVisible(ports.meetings, meetingId, caller);
  const stored = await ports.transcripts.findTranscript(meetingId);
  if (!stored) return { speakerNames: {}, status: (await statusOf(ports, meetingId)).status };
  return { speakerNames: { ...stored.speakerNames }, status: 'ready' };
}

/**
 * Host only: renames speakers and rewrites speaker_labeled_transcript.txt with the new names (file first, so a
 * failure part-way can be retried), then re-indexes the Ask passages under the new names. Throws NotFound, Forbidden (not host),
 * ValidationFailed (empty or unknown
 * names), BadRequest when nothing changed or the transcript is not ready.
 */
export async function updateSpeakerNames(
  ports: TranscriptPorts, caller: Caller, meetingId: string, edit: Readonly<Record<string, string>>,
): Promise<SpeakerNamesUpdated> {
  await loadForWrite(ports.meetings, meetingId, caller);
  const stored = await ports.transcripts.findTranscript(meetingId);
  if (!stored) throw new BadRequest(TRANSCRIPT_MESSAGES.notReady);
  const names = applySpeakerNames(stored.speakerNames, edit);
  const document = JSON.parse(await ports.files.getText(stored.jsonKey)) as TranscriptDocument;
  await ports.files.putText(stored.textKey, renderTranscriptText(document.turns, names), 'text/plain; charset=utf-8');
  await ports.transcripts.saveSpeakerNames(meetingId, names);
  await rememberNames(ports, caller, typedNames(stored.speakerNames, names));
  await ports.passages?.reindex(meetingId);
  return { speakerNames: { ...names }, ...(await link(ports, stored.textKey)) };
}

/** The names the host just gave go first in their recent names (offered again in their later meetings). */
async function rememberNames(ports: TranscriptPorts, caller: Caller, typed: readonly string[]): Promise<void> {
  if (!ports.nameChoices || typed.length === 0) return;
  const previous = await ports.nameChoices.recentNames(caller.userId);
  await ports.nameChoices.saveRecentNames(caller.userId, mergeRecentNames(previous, typed));
}

/** PUT meetings/{id}/update_transcript_line/ answer: the corrected line and a link to the rewritten txt. */
export interface TranscriptLineUpdated {
  line: number;
  turn: Pick<SpeakerTurn, 'speaker' | 'start' | 'end' | 'text' | 'words'>;
  url: string;
  expiration_time: string;
}

/**
 * Host only: corrects the words of line `line` (0-based, the order of the txt file). Kept words keep their times, changed
 * ones are interpolated (edit-line.ts); transcript.json is rewritten first, then speaker_labeled_transcript.txt, then the
 * spoken words and the Ask passages are re-indexed; the .srt/.vtt/.json downloads are rendered from transcript.json on request; the
 * notes are marked as made from the earlier text.
 * Throws NotFound, Forbidden (not host), ValidationFailed (no such line, empty, too long), BadRequest (unchanged, not ready).
 */
export async function updateTranscriptLine(
  ports: TranscriptPorts, caller: Caller, meetingId: string, line: number, text: string,
): Promise<TranscriptLineUpdated> {
  await loadForWrite(ports.meetings, meetingId, caller);
  const stored = await ports.transcripts.findTranscript(meetingId);
  if (!stored) throw new BadRequest(TRANSCRIPT_MESSAGES.notReady);
  const document = JSON.parse(await ports.files.getText(stored.jsonKey)) as TranscriptDocument;
  const turn = document.turns[line];
  if (!Number.isInteger(line) || !turn) throw new ValidationFailed({ line: [LINE_EDIT_MESSAGES.noLine(line)] });
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean === '') throw new ValidationFailed({ text: [LINE_EDIT_MESSAGES.empty] });
  if (clean.length > LINE_TEXT_MAX) throw new ValidationFailed({ text: [LINE_EDIT_MESSAGES.tooLong] });
  if (clean === turn.text) throw new BadRequest(LINE_EDIT_MESSAGES.unchanged);
  const edited = editedTurn(turn, clean);
  const turns = document.turns.map((t, i) => (i === line ? edited : t));
  await ports.files.putText(stored.jsonKey, JSON.stringify({ ...document, turns }), 'application/json');
  await ports.files.putText(stored.textKey, renderTranscriptText(turns, stored.speakerNames), 'text/plain; charset=utf-8');
  const spoken = turns.flatMap((t) => t.words.map((w) => ({ text: w.text, start: w.start, end: w.end, speaker: t.speakerLabel })));
  await ports.spokenWords?.reindex(meetingId, spoken);
  await ports.passages?.reindex(meetingId);
  await ports.notes?.markTranscriptEdited(meetingId, new Date(ports.clock()).toISOString());
  const { speaker, start, end, words } = edited;
  return { line, turn: { speaker, start, end, text: edited.text, words }, ...(await link(ports, stored.textKey)) };
}
