/** The speaker-name form's rules (spec §5): every input required; unchanged names are not sent. */
import { TRANSCRIPT_MESSAGES } from './transcript-messages.js';

export type SpeakerNameMap = Readonly<Record<string, string>>;

/** Longest name the server accepts. */
export const SPEAKER_NAME_MAX = 100;

const tidy = (name: string) => name.trim().replace(/\s+/g, ' ');

/** The labels whose name the edit changes, with the tidied new names (labels the edit leaves out are kept). */
export function changedSpeakerNames(current: SpeakerNameMap, edited: SpeakerNameMap): Record<string, string> {
  return Object.fromEntries(
    Object.keys(current)
      .filter((label) => edited[label] !== undefined && tidy(edited[label]!) !== current[label])
      .map((label) => [label, tidy(edited[label]!)]),
  );
}

/** Why the edit cannot be sent (an empty name, then nothing changed), or undefined when it can. */
export function speakerNamesProblem(current: SpeakerNameMap, edited: SpeakerNameMap): string | undefined {
  if (Object.keys(current).some((label) => tidy(edited[label] ?? current[label]!) === '')) return TRANSCRIPT_MESSAGES.nameRequired;
  if (Object.keys(changedSpeakerNames(current, edited)).length === 0) return TRANSCRIPT_MESSAGES.unchanged;
  return undefined;
}

/** Labels in speaker order: 'Speaker 2' before 'Speaker 10'. */
export function orderedLabels(names: SpeakerNameMap): string[] {
  return Object.keys(names).sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}
