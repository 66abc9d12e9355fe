import type { Piece } from '../../../local/engines/whisper/chunker.js';
import { speechProgress } from '../../../local/engines/whisper/progress.js';

const piece = (start: number, end: number): Piece => ({ start, end, speech: [{ start, end }], stretches: [{ start, end }] });

describe('the Whisper engine’s progress', () => {
  it('reports 0 of the pieces’ speech at once, then as each piece is decoded, the pieces in flight counted as half done', () => {
    const pieces = [piece(0, 20), piece(30, 58), piece(60, 70)];
    const reports: Array<{ done: number; total: number }> = [];
    const progress = speechProgress(pieces, (p) => reports.push(p));
    expect(reports).toEqual([{ done: 0, total: 58 }]);
    progress.started(pieces[0]!);
    progress.started(pieces[1]!);
    expect(reports).toHaveLength(1); // only decoded pieces report
    progress.decoded(pieces[1]!); // 28 decoded, 20 in flight
    progress.started(pieces[2]!);
    progress.decoded(pieces[0]!); // 48 decoded, 10 in flight
    progress.decoded(pieces[2]!);
    expect(reports.map((r) => r.done)).toEqual([0, 38, 53, 58]);
  });

  it('is a no-op without a listener, and a listener that throws does not stop the work', () => {
    const quiet = speechProgress([piece(0, 5)]);
    expect(() => { quiet.started(piece(0, 5)); quiet.decoded(piece(0, 5)); }).not.toThrow();
    const throwing = speechProgress([piece(0, 5)], () => { throw new Error('listener'); });
    expect(() => throwing.decoded(piece(0, 5))).not.toThrow();
  });
});
