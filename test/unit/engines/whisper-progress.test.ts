import type { Piece } from '../../../local/engines/whisper/chunker.js';
import { speechProgress } from '../../../local/engines/whisper/progress.js';

const piece = (start: number, end: number): Piece => ({ start, end, speech: [{ start, end }], stretches: [{ start, end }] });

describe('the Whisper engine’s progress', () => {
  it('reports 0 of the pieces’ speech at once, then the speech of each piece as it is decoded, in any order', () => {
    const pieces = [piece(0, 20), piece(30, 58), piece(60, 70)];
    const reports: Array<{ done: number; total: number }> = [];
    const decoded = speechProgress(pieces, (p) => reports.push(p));
    expect(reports).toEqual([{ done: 0, total: 58 }]);
    decoded(pieces[1]!);
    decoded(pieces[0]!);
    decoded(pieces[2]!);
    expect(reports.map((r) => r.done)).toEqual([0, 28, 48, 58]);
  });

  it('is a no-op without a listener, and a listener that throws does not stop the work', () => {
    expect(() => speechProgress([piece(0, 5)])(piece(0, 5))).not.toThrow();
    const decoded = speechProgress([piece(0, 5)], () => { throw new Error('listener'); });
    expect(() => decoded(piece(0, 5))).not.toThrow();
  });
});
