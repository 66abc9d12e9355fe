/**
 * Time stamps of transcript files, in seconds: `hh:mm:ss.ttt` / `mm:ss.ttt` (WebVTT), `hh:mm:ss,ttt` (SubRip), and the
 * `[hh:mm:ss]`, `hh:mm:ss`, `m:ss` prefixes of text transcripts. Undefined when the text is not a time stamp.
 */
const TIME = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?$/;

export function parseTimestamp(text: string): number | undefined {
  const match = TIME.exec(text.trim());
  if (!match) return undefined;
  const [, h, m, s, fraction] = match;
  const minutes = Number(m);
  const seconds = Number(s);
  if (seconds >= 60 || (h !== undefined && minutes >= 60)) return undefined;
  const millis = fraction ? Number(fraction.padEnd(3, '0')) : 0;
  return Math.round(((Number(h ?? 0) * 60 + minutes) * 60 + seconds) * 1000 + millis) / 1000;
}

/** A cue timing line `start --> end [settings]`; undefined when the line has no `-->`. */
export function parseCueTiming(line: string): { start: number | undefined; end: number | undefined } | undefined {
  if (!line.includes('-->')) return undefined;
  const [left = '', right = ''] = line.split('-->');
  const end = right.trim().split(/\s+/)[0] ?? '';
  return { start: parseTimestamp(left), end: parseTimestamp(end) };
}
