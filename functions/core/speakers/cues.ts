/**
 * Who spoke when, as a meeting service knows it (issue 30): named stretches of time read from a Zoom
 * TIMELINE file, a transcript VTT (Zoom's `TRANSCRIPT`, Webex's meeting transcript) or per-participant audio.
 * Only names and times: no voice features. Times are seconds from the start of the recording.
 */

/** Where the names came from, best first (a per-participant track is exact; the others are matched by overlap). */
export type CueSource = 'participant_audio' | 'timeline' | 'transcript';

export interface SpeakerCue {
  readonly start: number;
  readonly end: number;
  readonly name: string;
}

/** The speaker cues of one recording, stored beside its upload until the transcript is built. */
export interface SpeakerCues {
  readonly version: 1;
  readonly source: CueSource;
  readonly cues: readonly SpeakerCue[];
}

const MAX_NAME = 100;

/** `HH:MM:SS.mmm` or `MM:SS.mmm` (VTT and Zoom's timeline) → seconds; NaN when unreadable. */
export function clockSeconds(text: string): number {
  const m = /^\s*(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:[.,]\d+)?)\s*$/.exec(text);
  if (!m) return Number.NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]!.replace(',', '.'));
}

function cleanName(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim().slice(0, MAX_NAME);
}

/**
 * Zoom's TIMELINE file (`{timeline: [{ts: "00:00:01.130", users: [{username, …}]}]}`): the active speaker
 * from each timestamp to the next (the last to `endSeconds`, else one second). Entries without users are gaps.
 */
export function parseZoomTimeline(json: unknown, endSeconds?: number): SpeakerCue[] {
  const entries = (json as { timeline?: unknown })?.timeline;
  if (!Array.isArray(entries)) return [];
  const points = entries.flatMap((e) => {
    const at = clockSeconds(String((e as { ts?: unknown })?.ts ?? ''));
    const users = (e as { users?: unknown })?.users;
    const first = Array.isArray(users) ? users.find((u) => typeof (u as { username?: unknown })?.username === 'string') : undefined;
    const name = first ? cleanName((first as { username: string }).username) : '';
    return Number.isFinite(at) ? [{ at, name }] : [];
  }).sort((a, b) => a.at - b.at);
  return points.flatMap((p, i) => {
    const end = points[i + 1]?.at ?? Math.max(endSeconds ?? p.at + 1, p.at + 1);
    return p.name && end > p.at ? [{ start: p.at, end, name: p.name }] : [];
  });
}

const CUE_TIMING = /^\s*(\S+)\s+-->\s+(\S+)/;

/**
 * The named cues of a WebVTT transcript: the voice of `<v Name>` spans (Webex, Teams, our exports) or a leading
 * `Name: ` (Zoom's TRANSCRIPT). Cues without a speaker are left out.
 */
export function parseVttSpeakers(vtt: string): SpeakerCue[] {
  const cues: SpeakerCue[] = [];
  for (const block of vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const timingAt = lines.findIndex((l) => CUE_TIMING.test(l));
    if (timingAt === -1) continue;
    const [, from, to] = CUE_TIMING.exec(lines[timingAt]!)!;
    const start = clockSeconds(from!);
    const end = clockSeconds(to!);
    const text = lines.slice(timingAt + 1).join(' ');
    const voice = /<v(?:\.[^\s>]*)?\s+([^>]+)>/.exec(text)?.[1] ?? /^\s*([^:<>]{1,60}?):\s/.exec(text)?.[1];
    const name = voice ? cleanName(voice) : '';
    if (name && Number.isFinite(start) && Number.isFinite(end) && end > start) cues.push({ start, end, name });
  }
  return cues;
}

/** A participant's name from Zoom's `file_name` of a participant audio file (`Audio only - Tom Jones` → `Tom Jones`). */
export function participantName(fileName: string): string {
  const stripped = fileName.replace(/\.(m4a|mp4|wav)$/i, '');
  const m = /^\s*audio\s*only\s*-\s*(.+)$/i.exec(stripped);
  return cleanName(m ? m[1]! : stripped);
}

/** Cues of one named track, from the stretches its own speech occupies. */
export function trackCues(name: string, speech: ReadonlyArray<{ start: number; end: number }>): SpeakerCue[] {
  return speech.map((s) => ({ start: s.start, end: s.end, name }));
}
