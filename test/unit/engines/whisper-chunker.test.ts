import { pieceAudio, pieceSeconds, planPieces } from '../../../local/engines/whisper/chunker.js';
import { interpolateWords, shareOverRegions, splitWords } from '../../../local/engines/whisper/words.js';

const RATE = 16_000;

/** A tone ("speech") in the given spans (seconds) over silence. */
function audio(seconds: number, spans: Array<[number, number]>): Float32Array {
  const samples = new Float32Array(Math.round(seconds * RATE));
  for (const [a, b] of spans) for (let i = Math.round(a * RATE); i < Math.round(b * RATE); i++) samples[i] = 0.5 * Math.sin(i * 0.2);
  return samples;
}

describe('Whisper chunker', () => {
  it('keeps short speech as one piece of only the speech (plus padding), long pauses shortened', () => {
    const samples = audio(20, [[2, 5], [8, 9]]);
    const pieces = planPieces([{ start: 2, end: 5 }, { start: 8, end: 9 }], samples, RATE);
    expect(pieces).toEqual([{ start: 1.7, end: 9.3, speech: [{ start: 2, end: 5 }, { start: 8, end: 9 }], stretches: [{ start: 1.7, end: 5.3 }, { start: 7.7, end: 9.3 }] }]);
    // Whisper hears 3.6 s + 1.6 s: the 3 s pause becomes 0.6 s.
    expect(pieceSeconds(pieces[0]!)).toBeCloseTo(5.2, 5);
    expect(pieceAudio(pieces[0]!, samples, RATE).length).toBe(Math.round(5.2 * RATE));
  });

  it('never makes a piece over 30 s, cuts only between regions, and at the longest pause of the second half', () => {
    // 3 s phrases with 0.4 s pauses, and one 1.5 s pause after the phrase ending at 23.9 s (a turn change).
    const regions: Array<{ start: number; end: number }> = [];
    for (let t = 0.5; t < 100; t += 3.4) regions.push({ start: t, end: t + 3 });
    const shifted = regions.map((r) => (r.start >= 21 ? { start: r.start + 1.1, end: r.end + 1.1 } : r));
    const pieces = planPieces(shifted, audio(110, shifted.map((r) => [r.start, r.end])), RATE);
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) {
      expect(pieceSeconds(piece)).toBeLessThanOrEqual(30);
      // Every region lies wholly inside exactly one piece: no cut inside a phrase.
      for (const r of piece.speech) expect(r.start >= piece.start && r.end <= piece.end).toBe(true);
    }
    expect(pieces.flatMap((p) => p.speech)).toEqual(shifted);
    expect(pieces[0]!.speech.at(-1)!.end).toBeCloseTo(23.9, 5);
    expect(pieceSeconds(pieces[0]!)).toBeLessThan(26);
    for (let i = 1; i < pieces.length; i++) expect(pieces[i]!.start).toBeGreaterThanOrEqual(pieces[i - 1]!.end);
  });

  it('cuts a region longer than 30 s at its pause, not inside a word', () => {
    // 50 s of "speech" with one quiet 0.5 s stretch at 24 s that the VAD bridged.
    const samples = audio(52, [[1, 24], [24.5, 51]]);
    const pieces = planPieces([{ start: 1, end: 51 }], samples, RATE);
    expect(pieces).toHaveLength(2);
    for (const piece of pieces) expect(pieceSeconds(piece)).toBeLessThanOrEqual(30);
    const cut = pieces[0]!.speech.at(-1)!.end;
    expect(cut).toBeGreaterThanOrEqual(24);
    expect(cut).toBeLessThanOrEqual(24.5);
  });

  it('returns no piece when there is no speech (silence is never sent)', () => {
    expect(planPieces([], audio(40, []), RATE)).toEqual([]);
  });
});

describe('Whisper words', () => {
  it('keeps punctuation and case, attaches stray marks, strips quotes', () => {
    expect(splitWords(' "And so, my fellow Americans - ask not." Really ?')).toEqual(['And', 'so,', 'my', 'fellow', 'Americans', 'ask', 'not.', 'Really?']);
  });

  it('spreads words over the speech only, in proportion to length', () => {
    const words = interpolateWords(['Hello', 'there.', 'Bye.'], [{ start: 1, end: 2 }, { start: 5, end: 5.5 }]);
    expect(words.map((w) => w.text)).toEqual(['Hello', 'there.', 'Bye.']);
    for (const w of words) expect((w.start >= 1 && w.end <= 2) || (w.start >= 5 && w.end <= 5.5)).toBe(true);
    expect(words[0]!.start).toBe(1);
    expect(words.at(-1)!.end).toBe(5.5);
    for (let i = 1; i < words.length; i++) expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
  });

  it('puts a break between regions after the sentence end near where the lengths put it, not a word off', () => {
    // One speaker's line, a pause, the next speaker's line. Spread by length alone, "harvest." would be heard in the
    // second region (the break would fall after "the").
    const texts = splitWords('The question is when we start the harvest. Nearly all the trees can go on the tenth.');
    const speech = [{ start: 0, end: 2.2 }, { start: 3, end: 6.4 }];
    expect(shareOverRegions(texts, speech)).toEqual([0, texts.indexOf('Nearly')]);
    const words = interpolateWords(texts, speech);
    expect(words.find((w) => w.text === 'harvest.')!.end).toBeLessThanOrEqual(2.2);
    expect(words.find((w) => w.text === 'Nearly')!.start).toBe(3);
  });

  it('splits a sentence without marks where the region lengths say', () => {
    const texts = splitWords('one two three four five six seven eight');
    expect(shareOverRegions(texts, [{ start: 0, end: 1 }, { start: 1.5, end: 2.5 }])).toEqual([0, 4]);
  });

  it('leaves a region without words when its length fits none of them', () => {
    const texts = splitWords('Good morning everyone. Let us begin.');
    const starts = shareOverRegions(texts, [{ start: 0, end: 1.6 }, { start: 2, end: 2.1 }, { start: 3, end: 4 }]);
    expect(starts[1]).toBe(starts[2]);
    expect(starts[2]).toBe(texts.indexOf('Let'));
  });
});
