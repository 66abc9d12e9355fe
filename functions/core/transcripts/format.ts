import type { SpeakerTurn } from './turns.js';
import type { SpeakerNames } from './speaker-names.js';

/** The downloaded transcript's file name (spec §7). */
export const TRANSCRIPT_FILE_NAME = 'speaker_labeled_transcript.txt';

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds → `HH:mm:ss` (whole seconds, rounded down), as transcript lines show times (spec §3). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Seconds → `m:ss`, or `H:mm:ss` from an hour on (spec §9 time display). */
export function formatDisplayTime(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** Removes markup tags (`<b>`, `<font …>`, `<script>`) from a line or name: SRT players render them, no export needs them. */
export const stripMarkup = (text: string) => text.replace(/<[^>]*>?/g, '');

/** The text file: one `[HH:mm:ss] Name: text` line per turn, labels replaced by the names given, markup stripped. */
export function renderTranscriptText(turns: readonly SpeakerTurn[], names: SpeakerNames = {}): string {
  return turns.map((t) => `[${formatClock(t.start)}] ${stripMarkup(names[t.speaker] ?? t.speaker)}: ${stripMarkup(t.text)}\n`).join('');
}
