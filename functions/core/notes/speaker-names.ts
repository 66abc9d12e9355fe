import { speakerLabel, type Sentence } from '../insights/transcript.js';

/**
 * The host's speaker names (keyed by display label, `Speaker 1` → "Alice") as the notes engine takes them
 * (`spk_0` → "Alice"). Names still equal to their label are left out, so the engine reads them "Speaker N".
 */
export function namesByLabel(speakerNames: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [display, name] of Object.entries(speakerNames)) {
    const number = /^Speaker (\d+)$/.exec(display)?.[1];
    const label = number ? `spk_${Number(number) - 1}` : speakerLabel(display);
    if (name.trim() && name.trim() !== display) out[label] = name.trim();
  }
  return out;
}

/**
 * Labels the host gave the same name (case and spaces aside) are one person whom diarization split in two:
 * their sentences take the label of that name's first speaker in the transcript, so every notes rule (turns,
 * answers, owners, the overview's people) sees one speaker. Unnamed labels stay apart.
 */
export function mergeSameNamedSpeakers(
  sentences: readonly Sentence[], speakerNames: Readonly<Record<string, string>>,
): { sentences: Sentence[]; speakerNames: Record<string, string> } {
  const firstLabelOf = new Map<string, string>();
  const canonical = (label: string): string => {
    const name = speakerNames[label]?.trim();
    if (!name) return label;
    const key = name.toLowerCase();
    if (!firstLabelOf.has(key)) firstLabelOf.set(key, label);
    return firstLabelOf.get(key)!;
  };
  const merged = sentences.map((s) => (canonical(s.speaker) === s.speaker ? s : { ...s, speaker: canonical(s.speaker) }));
  const names = Object.fromEntries(Object.entries(speakerNames).filter(([label]) => canonical(label) === label).map(([label, name]) => [label, name.trim()]));
  return { sentences: merged, speakerNames: names };
}
