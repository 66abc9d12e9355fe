import type { Piece } from '../../../local/engines/whisper/chunker.js';
import { cutShort, decodeWithRetry, halves } from '../../../local/engines/whisper/cut-short.js';

/** A piece of `n` speech regions of `seconds` each, one second apart. */
function piece(n: number, seconds: number, from = 0): Piece {
  const speech = Array.from({ length: n }, (_, i) => ({ start: from + i * (seconds + 1), end: from + i * (seconds + 1) + seconds }));
  return { start: speech[0]!.start - 0.3, end: speech.at(-1)!.end + 0.3, speech, stretches: speech.map((r) => ({ start: r.start - 0.3, end: r.end + 0.3 })) };
}
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('a Whisper piece cut short or dropped as a loop', () => {
  it('tells a text far shorter than its speech (under one word a second of 8 s or more, two regions or more)', () => {
    expect(cutShort('Happy to give me to you someday.', piece(6, 4))).toBe(true);
    expect(cutShort(words(50), piece(6, 4))).toBe(false);
    expect(cutShort('Yes.', piece(1, 9))).toBe(false);
    expect(cutShort('Yes. No.', piece(2, 3))).toBe(false);
  });

  it('halves a piece between its regions', () => {
    const [a, b] = halves(piece(5, 2));
    expect(a.speech).toHaveLength(3);
    expect(b.speech).toHaveLength(2);
    expect(a.end).toBeLessThanOrEqual(b.start);
    expect(a.stretches).toHaveLength(3);
  });

  it('decodes the halves again when the text was cut short or dropped, and keeps them only when they hold more words', async () => {
    const whole = piece(4, 5);
    const decoded: number[] = [];
    // The whole piece gives six words; each half gives twenty.
    const decode = async (p: Piece) => { decoded.push(p.speech.length); return { text: p.speech.length === 4 ? words(6) : words(20) }; };
    expect((await decodeWithRetry(whole, decode)).map((o) => o.text.split(' ').length)).toEqual([20, 20]);
    // A loop dropped by the guard is decoded again too.
    const looped = async (p: Piece) => (p.speech.length === 4 ? { text: 'la la la la', dropped: 'repeats a phrase' } : { text: words(15) });
    expect(await decodeWithRetry(whole, looped)).toHaveLength(2);
    // Halves that say less than the whole are not kept.
    const worse = async (p: Piece) => ({ text: p.speech.length === 4 ? words(6) : '' });
    expect((await decodeWithRetry(whole, worse)).map((o) => o.text)).toEqual([words(6)]);
    // A full text is decoded once.
    decoded.length = 0;
    await decodeWithRetry(whole, async (p) => { decoded.push(p.speech.length); return { text: words(40) }; });
    expect(decoded).toEqual([4]);
  });
});
