import type { Piece } from '../../../local/engines/whisper/chunker.js';
import { speechProgress } from '../../../local/engines/whisper/progress.js';

const piece = (start: number, end: number): Piece => ({ start, end, speech: [{ start, end }], stretches: [{ start, end }] });

describe('the Whisper engine’s progress', () => {
  it('reports nothing while the VAD plans pieces without a scan report, then the work so far, then as each piece is decoded (in flight = half done)', () => {
    const pieces = [piece(0, 20), piece(30, 58), piece(60, 70)];
    const reports: Array<{ done: number; total: number }> = [];
    const progress = speechProgress(70, (p) => reports.push(p));
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

  it('counts as half done only the pieces being decoded, one a session, not those waiting in the pool, once one is back', () => {
    const pieces = [piece(0, 20), piece(20, 40), piece(40, 60), piece(60, 80), piece(80, 100)];
    const reports: Array<{ done: number; total: number }> = [];
    const progress = speechProgress(100, (p) => reports.push(p), 0, 2);
    for (const p of pieces.slice(0, 4)) progress.started(p); // two sessions: two decoding, two waiting
    progress.planned(pieces, true); // none back yet: the pieces handed over have only just started
    expect(reports.at(-1)).toEqual({ done: 0, total: 100 });
    progress.decoded(pieces[1]!); // the second session's next piece (the third handed over) starts
    expect(reports.at(-1)).toEqual({ done: 20 + 10 + 10, total: 100 });
    progress.started(pieces[4]!);
    progress.decoded(pieces[0]!);
    expect(reports.at(-1)).toEqual({ done: 40 + 10 + 10, total: 100 });
  });

  it('reports 0 of the speech when the VAD ends before any piece is decoded', () => {
    const reports: Array<{ done: number; total: number }> = [];
    speechProgress(12, (p) => reports.push(p)).planned([piece(0, 5), piece(10, 12)], true);
    expect(reports).toEqual([{ done: 0, total: 7 }]);
  });

  it('while the VAD runs, takes the total as the speech found so far over the share looked at, once a tenth is looked at', () => {
    const reports: Array<{ done: number; total: number }> = [];
    const progress = speechProgress(600, (p) => reports.push(p));
    progress.scanned(50, 30); // under a tenth of the recording: nothing yet
    expect(reports).toEqual([]);
    progress.planned([piece(0, 20)], false);
    progress.started(piece(0, 20));
    progress.decoded(piece(0, 20));
    expect(reports).toEqual([]); // no total yet
    progress.scanned(120, 40); // 40 s of speech in the first fifth: about 200 s in all
    expect(reports.at(-1)).toEqual({ done: 20, total: 200 });
    progress.planned([piece(30, 50)], true); // the VAD is done: the exact total
    expect(reports.at(-1)).toEqual({ done: 20, total: 40 });
    progress.scanned(600, 40); // ignored once the total is known
    expect(reports.at(-1)).toEqual({ done: 20, total: 40 });
  });

  it('counts the speech-finding as work: each second looked at weighs scanCost seconds of speech decoded', () => {
    const reports: Array<{ done: number; total: number }> = [];
    const progress = speechProgress(600, (p) => reports.push(p), 0.1);
    progress.scanned(50, 30); // under a tenth: no total yet, nothing reported
    expect(reports).toEqual([]);
    progress.planned([piece(0, 20)], false);
    progress.started(piece(0, 20));
    progress.decoded(piece(0, 20));
    progress.scanned(120, 40); // about 200 s of speech in all, plus 60 s of looking: 20 + 12 done of 260
    expect(reports.at(-1)!.done).toBeCloseTo(32, 9);
    expect(reports.at(-1)!.total).toBeCloseTo(260, 9);
    progress.planned([piece(30, 50)], true); // the VAD is done: all 60 s of its work, the exact speech
    expect(reports.at(-1)!.done).toBeCloseTo(80, 9);
    expect(reports.at(-1)!.total).toBeCloseTo(100, 9);
    progress.started(piece(30, 50));
    progress.decoded(piece(30, 50));
    expect(reports.at(-1)).toEqual({ done: 100, total: 100 });
  });

  it('is a no-op without a listener, and a listener that throws does not stop the work', () => {
    const quiet = speechProgress(100);
    expect(() => { quiet.scanned(60, 10); quiet.planned([piece(0, 5)], true); quiet.started(piece(0, 5)); quiet.decoded(piece(0, 5)); }).not.toThrow();
    const throwing = speechProgress(5, () => { throw new Error('listener'); });
    expect(() => { throwing.planned([piece(0, 5)], true); throwing.decoded(piece(0, 5)); }).not.toThrow();
  });
});
