import type { Piece } from '../../../local/engines/whisper/chunker.js';
import { speechProgress } from '../../../local/engines/whisper/progress.js';

const piece = (start: number, end: number): Piece => ({ start, end, speech: [{ start, end }], stretches: [{ start, end }] });

describe('the Whisper engine’s progress', () => {
  it('reports nothing while the VAD still plans pieces, then the work so far, then as each piece is decoded (in flight = half done)', () => {
    const pieces = [piece(0, 20), piece(30, 58), piece(60, 70)];
    const reports: Array<{ done: number; total: number }> = [];
    const progress = speechProgress((p) => reports.push(p));
    progress.planned(pieces.slice(0, 2), false);
    progress.started(pieces[0]!);
    progress.started(pieces[1]!);
    progress.decoded(pieces[1]!); // 28 decoded, 20 in flight; the total is not known yet
    expect(reports).toEqual([]);
    progress.planned(pieces.slice(2), true);
    expect(reports).toEqual([{ done: 38, total: 58 }]);
    progress.started(pieces[2]!);
    expect(reports).toHaveLength(1); // only decoded pieces report
    progress.decoded(pieces[0]!); // 48 decoded, 10 in flight
    progress.decoded(pieces[2]!);
    expect(reports.map((r) => r.done)).toEqual([38, 53, 58]);
  });

  it('reports 0 of the speech when the VAD ends before any piece is decoded', () => {
    const reports: Array<{ done: number; total: number }> = [];
    speechProgress((p) => reports.push(p)).planned([piece(0, 5), piece(10, 12)], true);
    expect(reports).toEqual([{ done: 0, total: 7 }]);
  });

  it('is a no-op without a listener, and a listener that throws does not stop the work', () => {
    const quiet = speechProgress();
    expect(() => { quiet.planned([piece(0, 5)], true); quiet.started(piece(0, 5)); quiet.decoded(piece(0, 5)); }).not.toThrow();
    const throwing = speechProgress(() => { throw new Error('listener'); });
    expect(() => { throwing.planned([piece(0, 5)], true); throwing.decoded(piece(0, 5)); }).not.toThrow();
  });
});
