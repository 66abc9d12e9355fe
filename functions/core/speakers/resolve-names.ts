/**
 * Speaker names at read time (issue 30): what was stored with a speaker's label (`spk_N`) or with the name the
 * speaker had when it was made ("Speaker 2", "Raj Patel") is shown under the meeting's names as they are now, so a
 * rename reaches the notes, sentiment, search hits and Ask citations without any processing run.
 * One resolver, used by every read call (docs/speech.md, "Names everywhere at read time").
 */
import { speakerDisplayName } from '../transcripts/turns.js';

/** Display label (`Speaker N`) → name, as stored on the transcript record. */
export type CurrentNames = Readonly<Record<string, string>>;

/** `spk_0`, `Speaker 1`, `0` → `Speaker 1`; any other label is kept as it is. */
export function displayLabel(label: string): string {
  const spoken = /^(?:spk_)?(\d+)$/.exec(label.trim());
  return spoken ? speakerDisplayName(`spk_${spoken[1]}`) : label.trim();
}

/** The current name of a speaker label (`spk_N` or `Speaker N`); the display label when unnamed. */
export function nameOf(names: CurrentNames, label: string): string {
  const display = displayLabel(label);
  return names[display]?.trim() || display;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The old name → new name of each speaker renamed since `before` (the names a stored text was written with).
 * A name two speakers shared then (one person diarization split) is changed only when both now carry one new name.
 */
export function renames(before: CurrentNames, after: CurrentNames): Map<string, string> {
  const targets = new Map<string, Set<string>>();
  for (const [label, old] of Object.entries(before)) {
    const now = after[label]?.trim();
    if (!now || !old.trim()) continue;
    const set = targets.get(old.trim()) ?? new Set<string>();
    set.add(now);
    targets.set(old.trim(), set);
  }
  const out = new Map<string, string>();
  for (const [old, news] of targets) {
    const [only] = [...news];
    if (news.size === 1 && only !== old) out.set(old, only);
  }
  return out;
}

/**
 * `text` with each renamed speaker's old name (whole words, case as written) replaced by the new one, in one pass so
 * swapped names do not chain ("Speaker 1" is not taken for the start of "Speaker 10").
 */
export function renameInText(text: string, changes: ReadonlyMap<string, string>): string {
  if (changes.size === 0 || text === '') return text;
  const olds = [...changes.keys()].sort((a, b) => b.length - a.length).map(escaped);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${olds.join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
  return text.replace(pattern, (old) => changes.get(old) ?? old);
}

/** The names a meeting's speakers had before anyone renamed them: each its own label. */
export function labelNames(current: CurrentNames): CurrentNames {
  return Object.fromEntries(Object.keys(current).map((label) => [label, label]));
}
