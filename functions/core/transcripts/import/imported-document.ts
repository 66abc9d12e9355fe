import { TRANSCRIPT_IMPORT_MESSAGES } from '../../../contracts/transcripts.js';
import type { SpeakerNames } from '../speaker-names.js';
import type { SpeakerTurn, TranscriptDocument } from '../turns.js';
import { MalformedTranscript, UnreadableTranscript } from './errors.js';
import { SPEAKER_NAME_MAX, type ImportedTurn } from './model.js';

/** Estimated speaking time of a turn without times: this much per word, at least ESTIMATED_MIN_TURN_SECONDS. */
export const ESTIMATED_SECONDS_PER_WORD = 0.4;
export const ESTIMATED_MIN_TURN_SECONDS = 1;
/** The speaker of words before any name in a file that names speakers elsewhere. */
export const UNKNOWN_SPEAKER = 'Unknown speaker';

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;
const estimateOf = (words: number) => Math.max(ESTIMATED_MIN_TURN_SECONDS, ESTIMATED_SECONDS_PER_WORD * words);

/**
 * The transcript document of an imported file: one line per turn in file order (turn i is line i), speakers labelled
 * `Speaker N` by first appearance with the file's names as their names (names differing only in case are one speaker),
 * words spread evenly over each turn. Turns without times get estimated ones, back to back, marked `estimated`.
 * Throws UnreadableTranscript when no turn has words, MalformedTranscript for a name over the length limit.
 */
export function buildImportedTranscript(meetingId: string, imported: readonly ImportedTurn[]): { document: TranscriptDocument; speakerNames: SpeakerNames } {
  if (!imported.some((t) => t.text.trim() !== '')) throw new UnreadableTranscript(TRANSCRIPT_IMPORT_MESSAGES.noText);
  const labels = new Map<string, { label: string; name: string; index: number }>();
  const named = imported.some((t) => t.speaker);
  let previous: string | undefined;
  let cursor = 0;
  const turns: SpeakerTurn[] = imported.map((turn, i) => {
    const name = turn.speaker ?? (named ? previous ?? UNKNOWN_SPEAKER : 'Speaker 1');
    if (name.length > SPEAKER_NAME_MAX) throw new MalformedTranscript(turn.line, `the speaker name "${name.slice(0,
      40)}…" is longer than ${SPEAKER_NAME_MAX} characters.`);
    previous = name;
    const key = name.toLowerCase();
    if (!labels.has(key)) labels.set(key, { label: `Speaker ${labels.size + 1}`, name, index: labels.size });
    const speaker = labels.get(key)!;
    const words = turn.text === '' ? [] : turn.text.split(' ');
    const { start, end } = timesOf(turn, imported[i + 1], cursor, words.length);
    cursor = end;
    const step = words.length ? (end - start) / words.length : 0;
    return {
      speaker: speaker.label, speakerLabel: `spk_${speaker.index}`, start, end, text: turn.text,
      words: words.map((text, j) => ({ text, start: ms(start + j * step), end: ms(start + (j + 1) * step), confidence: null })),
      ...(turn.start === undefined || turn.end === undefined ? { estimated: true } : {}),
    };
  });
  const speakerNames = Object.fromEntries([...labels.values()].map((s) => [s.label, s.name]));
  const document: TranscriptDocument = {
    version: 1, meetingId, durationSeconds: ms(turns.reduce((max, t) => Math.max(max, t.end), 0)),
    speakers: [...labels.values()].map((s) => s.label), turns, source: 'import',
    timesEstimated: turns.some((t) => t.estimated), importedSpeakerNames: speakerNames,
  };
  return { document, speakerNames };
}

/** A turn's span: the file's times; a missing start follows the turn before; a missing end is estimated from the words, never past the next turn's start. */
function timesOf(turn: ImportedTurn, next: ImportedTurn | undefined, cursor: number, words: number): { start: number; end: number } {
  const start = ms(turn.start ?? (turn.end !== undefined ? Math.min(cursor, turn.end) : cursor));
  if (turn.end !== undefined) return { start, end: ms(turn.end) };
  const estimated = start + estimateOf(words);
  const nextStart = next?.start;
  return { start, end: ms(nextStart !== undefined && nextStart > start ? Math.min(nextStart, estimated) : estimated) };
}
