import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FIXTURES_DIR } from '../../helpers/shared-data.js';

/** The shared fixtures folder (read in place, never copied). */
export { FIXTURES_DIR };

export interface FixtureMeeting {
  segments: Array<{ speaker: string; start: number; end: number; text: string }>;
  on_screen_text: { lines: string[] };
  duration_s: number;
}

export const readFixtureMeeting = async (name = 'meeting_constructed'): Promise<FixtureMeeting> =>
  JSON.parse(await readFile(path.join(FIXTURES_DIR, 'meeting', `${name}.json`), 'utf8')) as FixtureMeeting;

/**
 * A transcript.json (BuildTranscript's turns) made from a fixture's reference turns: each turn's words
 * spread evenly over its time, speakers A, B, C → spk_0, spk_1, spk_2. Stands in for the ASR, whose
 * word errors are not what search tests measure.
 */
export function transcriptFromReference(meeting: FixtureMeeting, offset = 0) {
  const labels = [...new Set(meeting.segments.map((s) => s.speaker))];
  return {
    version: 1,
    turns: meeting.segments.map((s) => {
      const words = s.text.split(/\s+/).filter(Boolean);
      const step = (s.end - s.start) / words.length;
      return {
        speakerLabel: `spk_${labels.indexOf(s.speaker)}`, start: s.start + offset, end: s.end + offset, text: s.text,
        words: words.map((text, i) => ({ text, start: offset + s.start + i * step, end: offset + s.start + (i + 1) * step, confidence: null })),
      };
    }),
  };
}
