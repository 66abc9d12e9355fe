/**
 * Whisper starts on the first regions while the VAD goes on (issue 36): the pieces PieceStream gives as the regions
 * arrive are, in order, exactly the pieces planned over all the regions at once.
 */
import { planPieces } from '../../../local/engines/whisper/chunker.js';
import { PieceStream } from '../../../local/engines/whisper/piece-stream.js';
import type { SpeechRegion } from '../../../local/engines/vad.js';

const RATE = 16_000;

/** Regions of 0.3–12 s with pauses of 0.1–4 s (a fixed pseudo-random sequence), up to `seconds`. */
function regionsUpTo(seconds: number, seed: number): SpeechRegion[] {
  let state = seed;
  const random = () => { state = (state * 1103515245 + 12345) % 2 ** 31; return state / 2 ** 31; };
  const regions: SpeechRegion[] = [];
  for (let t = 0.4; ;) {
    const end = t + 0.3 + random() * 11.7;
    if (end > seconds - 0.5) return regions;
    regions.push({ start: Math.round(t * 1000) / 1000, end: Math.round(end * 1000) / 1000 });
    t = end + 0.1 + random() * (random() < 0.2 ? 4 : 0.8);
  }
}

describe('PieceStream', () => {
  it.each([1, 2, 3, 7, 40])('gives planPieces’ pieces, in order, with the regions arriving %i at a time', (step) => {
    for (const seed of [1, 2, 3]) {
      const regions = regionsUpTo(600, seed);
      const samples = new Float32Array(600 * RATE);
      const stream = new PieceStream(samples, RATE);
      const given = [];
      for (let n = step; n < regions.length; n += step) {
        const next = stream.next(regions.slice(0, n), false);
        // Nothing is given that a later region could still change: the last two pieces wait.
        given.push(...next);
      }
      given.push(...stream.next(regions, true));
      expect(given).toEqual(planPieces(regions, samples, RATE));
    }
  });

  it('gives nothing before the regions make three pieces, and everything once done', () => {
    const regions = regionsUpTo(60, 5);
    const samples = new Float32Array(60 * RATE);
    const all = planPieces(regions, samples, RATE);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const stream = new PieceStream(samples, RATE);
    expect(stream.next(regions, false)).toEqual(all.slice(0, Math.max(0, all.length - 2)));
    expect(stream.next(regions, true)).toEqual(all.slice(Math.max(0, all.length - 2)));
    expect(stream.next(regions, true)).toEqual([]);
  });
});
