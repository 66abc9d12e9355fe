/**
 * "Name: words" as Zoom's WebVTT cues and text transcripts write a turn. A name is 1–6 words and at most 100
 * characters, without digits-only or time-like text (so "12:30" or "Step 1:" alone is not taken as a speaker).
 */
const PREFIX = /^([^:]{1,100}?):\s+(\S[\s\S]*)$/;
const NAME = /^[\p{L}\p{M}][\p{L}\p{M}\p{N}'’.\-_ ()&/]*$/u;

/** A plausible speaker name: 1–6 words starting with a letter, at most 100 characters. */
export function isSpeakerName(name: string): boolean {
  return name.length <= 100 && NAME.test(name) && name.split(' ').length <= 6;
}

export function splitSpeakerPrefix(text: string): { speaker: string; text: string } | undefined {
  const match = PREFIX.exec(text.trim());
  if (!match) return undefined;
  const speaker = match[1]!.trim().replace(/\s+/g, ' ');
  if (!isSpeakerName(speaker)) return undefined;
  return { speaker, text: match[2]!.trim() };
}

/** A line that is only "Name:" (a speaker heading whose words follow on the next lines). */
export function speakerHeading(text: string): string | undefined {
  const match = /^([^:]{1,100}):\s*$/.exec(text.trim());
  const speaker = match?.[1]?.trim().replace(/\s+/g, ' ');
  return speaker && isSpeakerName(speaker) ? speaker : undefined;
}
