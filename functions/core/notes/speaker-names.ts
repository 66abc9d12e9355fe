import { speakerLabel } from '../insights/transcript.js';

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
