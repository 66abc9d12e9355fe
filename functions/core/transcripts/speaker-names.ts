import { ValidationFailed } from '../errors.js';
import { BadRequest } from '../meetings/errors.js';

/** Display label (`Speaker N`) → the name the host gave it (the label itself until renamed). */
export type SpeakerNames = Readonly<Record<string, string>>;

export const SPEAKER_NAME_MAX = 100;

export const SPEAKER_NAME_MESSAGES = {
  unchanged: 'Please edit the speaker names before clicking Update.',
  required: 'Every speaker needs a name.',
  tooLong: `A speaker name may not be longer than ${SPEAKER_NAME_MAX} characters.`,
  unknown: (label: string) => `There is no ${label} in this transcript.`,
} as const;

/** Each speaker named after its own label. */
export function defaultSpeakerNames(speakers: readonly string[]): SpeakerNames {
  return Object.fromEntries(speakers.map((s) => [s, s]));
}

/**
 * Applies the host's edit to the current names (labels left out keep their names; names are trimmed).
 * Throws ValidationFailed for an unknown label, an empty or too long name; BadRequest when nothing changes.
 */
export function applySpeakerNames(current: SpeakerNames, edit: Readonly<Record<string, string>>): SpeakerNames {
  const problems: string[] = [];
  const next: Record<string, string> = { ...current };
  for (const [label, raw] of Object.entries(edit)) {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!Object.hasOwn(current, label)) problems.push(SPEAKER_NAME_MESSAGES.unknown(label));
    else if (!name) problems.push(SPEAKER_NAME_MESSAGES.required);
    else if (name.length > SPEAKER_NAME_MAX) problems.push(SPEAKER_NAME_MESSAGES.tooLong);
    else next[label] = name;
  }
  if (problems.length > 0) throw new ValidationFailed({ speakerNames: [...new Set(problems)] });
  if (Object.keys(current).every((label) => current[label] === next[label])) throw new BadRequest(SPEAKER_NAME_MESSAGES.unchanged);
  return next;
}
