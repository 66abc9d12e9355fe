import { parsePocketsphinxOutput } from '../../../local/engines/pocketsphinx.js';
import { splitAtPauses } from '../../../local/engines/pauses.js';
import { wordsFromPiece } from '../../../local/engines/neural.js';
import { outputKeyFor, parseMediaUri } from '../../../local/transcribe/uri.js';

describe('parsePocketsphinxOutput', () => {
  it('keeps words with times shifted by the piece offset and drops fillers and variant numbers', () => {
    const stdout = ['and so', '<s> 0.000 0.070 0.998900', '[SPEECH] 0.080 0.280 0.333896', 'and(2) 0.290 0.530 0.224928', '<sil> 1.270 1.300 0.452987', 'so 0.540 0.630 0.105414', '</s> 2.420 2.440 1.000000'].join('\n');
    expect(parsePocketsphinxOutput(stdout, 10)).toEqual([
      { text: 'and', start: 10.29, end: 10.53, confidence: 0.224928, speaker: 0 },
      { text: 'so', start: 10.54, end: 10.63, confidence: 0.105414, speaker: 0 },
    ]);
  });
});

describe('splitAtPauses', () => {
  it('cuts long audio in its quiet stretches and keeps short audio whole', () => {
    const rate = 1000;
    const samples = new Float32Array(100 * rate).fill(0.5);
    samples.fill(0, 25_000, 25_500); // a pause at 25 s
    const spans = splitAtPauses(samples, rate, 30);
    expect(spans[0]!.start).toBe(0);
    expect(spans[0]!.end).toBeGreaterThanOrEqual(25_000);
    expect(spans[0]!.end).toBeLessThanOrEqual(25_500);
    expect(spans.every((s) => s.end - s.start <= 30 * rate)).toBe(true);
    expect(spans.at(-1)!.end).toBe(samples.length);
    expect(splitAtPauses(new Float32Array(5 * rate), rate, 30)).toEqual([{ start: 0, end: 5 * rate }]);
  });
});

describe('wordsFromPiece', () => {
  it('joins sub-word tokens into words using the token timestamps', () => {
    expect(wordsFromPiece({ text: ' Hello world', tokens: [' Hel', 'lo', ' world'], timestamps: [0, 0.2, 0.5] }, 10, 1)).toEqual([
      { text: 'Hello', start: 10, end: 10.5, confidence: 1, speaker: 0 },
      { text: 'world', start: 10.5, end: 11, confidence: 1, speaker: 0 },
    ]);
  });

  it('spreads words over the piece by length when the model gives no timestamps', () => {
    const words = wordsFromPiece({ text: 'ab abcd' }, 2, 3);
    expect(words.map((w) => [w.text, w.start, w.end])).toEqual([['ab', 2, 3], ['abcd', 3, 5]]);
  });
});

describe('parseMediaUri', () => {
  it('reads s3://, path-style https and virtual-hosted URIs', () => {
    expect(parseMediaUri('s3://media/uploads/a b.mp4')).toEqual({ bucket: 'media', key: 'uploads/a b.mp4' });
    expect(parseMediaUri('https://s3.us-east-1.amazonaws.com/media/uploads/a%20b.mp4')).toEqual({ bucket: 'media', key: 'uploads/a b.mp4' });
    expect(parseMediaUri('http://127.0.0.1:4569/media/x.wav')).toEqual({ bucket: 'media', key: 'x.wav' });
    expect(parseMediaUri('https://media.s3.eu-west-1.amazonaws.com/x.wav')).toEqual({ bucket: 'media', key: 'x.wav' });
  });

  it('rejects a URI without a key', () => {
    expect(() => parseMediaUri('s3://media/')).toThrow(/not a valid S3 object location/);
    expect(() => parseMediaUri('ftp://x/y')).toThrow(/not a valid S3 object location/);
  });

  it('places output like Transcribe: OutputKey, a folder key, or <job>.json', () => {
    expect(outputKeyFor('j', undefined)).toBe('j.json');
    expect(outputKeyFor('j', 'out/')).toBe('out/j.json');
    expect(outputKeyFor('j', 'out/t.json')).toBe('out/t.json');
  });
});
