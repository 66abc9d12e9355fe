/**
 * The transcript file as lines (spec §3: `[HH:mm:ss] Speaker N: text`, names substituted once labelled) and the line
 * playing at a moment. Times for display (spec §9) are `formatClock` of web/src/lib/time.ts.
 */

/** The downloaded file's name (spec §7). */
export const TRANSCRIPT_FILE_NAME = 'speaker_labeled_transcript.txt';

export interface TranscriptLine {
  /** Seconds from the start of the recording. */
  start: number;
  speaker: string;
  text: string;
}

const LINE = /^\[(\d+):([0-5]\d):([0-5]\d)\]\s?(.*)$/;

/**
 * Splits `Name: text`. A known name is matched whole first, because a name the host typed may itself
 * hold ': '; otherwise the speaker ends at the first ': '.
 */
function splitSpeaker(rest: string, knownNames: readonly string[]): { speaker: string; text: string } {
  const known = [...knownNames].sort((a, b) => b.length - a.length).find((name) => rest.startsWith(`${name}:`));
  const cut = known !== undefined ? known.length : rest.indexOf(': ');
  if (cut < 0) return { speaker: '', text: rest.trim() };
  return { speaker: rest.slice(0, cut).trim(), text: rest.slice(cut + 1).trim() };
}

/**
 * Parses the file into lines. A line without a time prefix continues the previous one (or is kept at 0:00
 * when it comes first); blank lines are skipped. Never throws.
 */
export function parseTranscript(text: string, knownNames: readonly string[] = []): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '') continue;
    const match = LINE.exec(raw.trim());
    if (match) {
      const start = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
      lines.push({ start, ...splitSpeaker(match[4]!, knownNames) });
    } else if (lines.length > 0) {
      const last = lines[lines.length - 1]!;
      last.text = `${last.text} ${raw.trim()}`.trim();
    } else {
      lines.push({ start: 0, speaker: '', text: raw.trim() });
    }
  }
  return lines;
}

/** Index of the line being played at `seconds` (the last one started by then), or -1 before the first. */
export function activeLineIndex(lines: readonly TranscriptLine[], seconds: number): number {
  let active = -1;
  for (let i = 0; i < lines.length && lines[i]!.start <= seconds; i += 1) active = i;
  return active;
}
