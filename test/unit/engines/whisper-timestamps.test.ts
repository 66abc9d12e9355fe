/**
 * Token ids → text and timed segments (tokens.ts, timestamps.ts), and segments → word times in the recording
 * (segment-words.ts), on a small byte-level vocabulary built like GPT-2's: one token per byte, so any text can be
 * written as ids.
 */
import { segmentsFromTokens } from '../../../local/engines/whisper/timestamps.js';
import { toRecordingTime, wordsFromSegments } from '../../../local/engines/whisper/segment-words.js';
import { createWhisperTokens, END_OF_TEXT, FIRST_TIMESTAMP, NO_TIMESTAMPS, START_OF_TRANSCRIPT } from '../../../local/engines/whisper/tokens.js';

/** GPT-2's printable stand-in for each byte (bytes_to_unicode). */
function byteChars(): string[] {
  const printable = (b: number) => (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
  let next = 256;
  return Array.from({ length: 256 }, (_, b) => String.fromCodePoint(printable(b) ? b : next++));
}

const chars = byteChars();
const tables = {
  idVocab: [...chars, ...Array.from({ length: END_OF_TEXT - 256 }, () => 'unused'), '<|endoftext|>'].join('\n'),
  byteDecoder: chars.map((c, b) => `${c.codePointAt(0)}\t${b}`).join('\n'),
  addedTokens: [`${END_OF_TEXT}\t<|endoftext|>`, `${START_OF_TRANSCRIPT}\t<|startoftranscript|>`, `${NO_TIMESTAMPS}\t<|notimestamps|>`,
    ...Array.from({ length: 1501 }, (_, k) => `${FIRST_TIMESTAMP + k}\t<|${(k * 0.02).toFixed(2)}|>`)].join('\n'),
};
const tokens = createWhisperTokens(tables);
const ids = (text: string) => [...Buffer.from(text, 'utf8')];
const at = (seconds: number) => FIRST_TIMESTAMP + Math.round(seconds / 0.02);

describe('Whisper tokens', () => {
  it('decodes byte-level tokens to UTF-8 text and skips special and timestamp tokens', () => {
    expect(tokens.decode([START_OF_TRANSCRIPT, at(0), ...ids(' Café, naïve'), at(1.5), END_OF_TEXT])).toBe(' Café, naïve');
  });

  it('reads timestamp tokens as seconds in 0.02 s steps and nothing else as a time', () => {
    expect(tokens.timestamp(FIRST_TIMESTAMP)).toBe(0);
    expect(tokens.timestamp(at(10.64))).toBe(10.64);
    expect(tokens.timestamp(FIRST_TIMESTAMP + 1500)).toBe(30);
    expect(tokens.timestamp(NO_TIMESTAMPS)).toBeUndefined();
    expect(tokens.timestamp(ids('a')[0]!)).toBeUndefined();
  });

  it('refuses tables that are not a Whisper vocabulary', () => {
    expect(() => createWhisperTokens({ ...tables, byteDecoder: '' })).toThrow('not a Whisper vocabulary');
  });
});

describe('segmentsFromTokens', () => {
  it('cuts the sequence at its timestamps: two in a row close one segment and open the next', () => {
    const sequence = [at(0), ...ids(' Hello there.'), at(2.4), at(3), ...ids(' Yes?'), at(4.1), END_OF_TEXT, ...ids(' after the end')];
    expect(segmentsFromTokens(sequence, tokens, 10)).toEqual([
      { start: 0, end: 2.4, text: 'Hello there.' },
      { start: 3, end: 4.1, text: 'Yes?' },
    ]);
  });

  it('starts text without an opening time where the last segment ended, and ends text without a closing time with the audio', () => {
    expect(segmentsFromTokens([at(0.5), ...ids(' One.'), at(1.5), ...ids(' Two'), END_OF_TEXT], tokens, 6.25)).toEqual([
      { start: 0.5, end: 1.5, text: 'One.' },
      { start: 1.5, end: 6.25, text: 'Two' },
    ]);
  });

  it('never lets a segment start before the previous one ended, nor end past the audio', () => {
    expect(segmentsFromTokens([at(0), ...ids(' A'), at(3), at(2), ...ids(' B'), at(29)], tokens, 5)).toEqual([
      { start: 0, end: 3, text: 'A' },
      { start: 3, end: 5, text: 'B' },
    ]);
  });

  it('answers undefined for text without any timestamp, and no segments for no text', () => {
    expect(segmentsFromTokens([NO_TIMESTAMPS, ...ids(' Untimed words.'), END_OF_TEXT], tokens, 5)).toBeUndefined();
    expect(segmentsFromTokens([at(0), END_OF_TEXT], tokens, 5)).toEqual([]);
  });
});

describe('word times from segments', () => {
  // A piece of two stretches: 10.0–13.0 s and 20.0–22.0 s of the recording, heard as 0–3 s and 3–5 s.
  const piece = {
    stretches: [{ start: 10, end: 13 }, { start: 20, end: 22 }],
    speech: [{ start: 10.3, end: 12.7 }, { start: 20.3, end: 21.7 }],
  };

  it('carries a time in the joined audio back to the recording, the seam to the side asked for', () => {
    expect(toRecordingTime(piece, 1)).toBe(11);
    expect(toRecordingTime(piece, 4)).toBe(21);
    expect(toRecordingTime(piece, 3, 'end')).toBe(13);
    expect(toRecordingTime(piece, 3, 'start')).toBe(20);
    expect(toRecordingTime(piece, 9)).toBe(22);
  });

  it('puts each segment\'s words inside the speech of its own span, in order', () => {
    const words = wordsFromSegments([{ start: 0, end: 3, text: 'Ask not what' }, { start: 3, end: 5, text: 'your country.' }], piece);
    expect(words.map((w) => w.text)).toEqual(['Ask', 'not', 'what', 'your', 'country.']);
    for (const w of words.slice(0, 3)) { expect(w.start).toBeGreaterThanOrEqual(10.3); expect(w.end).toBeLessThanOrEqual(12.7); }
    for (const w of words.slice(3)) { expect(w.start).toBeGreaterThanOrEqual(20.3); expect(w.end).toBeLessThanOrEqual(21.7); }
    for (let i = 1; i < words.length; i++) expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
  });

  it('keeps a segment that covers no speech region on its own span', () => {
    const words = wordsFromSegments([{ start: 2.75, end: 2.95, text: 'Oh.' }], piece);
    expect(words).toEqual([expect.objectContaining({ text: 'Oh.', start: 12.75, end: 12.95 })]);
  });
});
