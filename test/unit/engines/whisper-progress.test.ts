import type { Piece } from '../../../local/engines/whisper/chunker.js';
import { speechProgress } from '../../../local/engines/whisper/progress.js';

const piece = (start: number, end: number): Piece => ({ start, end, speech: [{ start, end }], stretches: [{ start, end }] });

describe('the Whisper engine’s progress', () => {
  it('reports nothing while the VAD plans pieces without a scan report, then the speech decoded, as each piece comes back', () => {
    const pieces = [piece(0, 20), piece(30, 58), piece(60, 70)];
    const reports: Array<{ done: number; total: number }> = [];
    const progress = speechProgress(70, (p) => reports.push(p));
    progress.planned(pieces.slice(0, 2), false);
    progress.decoded(pieces[1]!); // 28 decoded; the total is not known yet
    expect(reports).toEqual([]);
    progress.planned(pieces.slice(2), true);
    expect(reports).toEqual([{ done: 28, total: 58 }]);
    progress.decoded(pieces[0]!);
    progress.decoded(pieces[2]!);
    expect(reports.map((r) => r.done)).toEqual([28, 48, 58]);
  });

  it('counts no piece still being decoded: the work done moves only as pieces come back', () => {
    // Two sessions, four pieces of 20 s: the first two come back together, the next two later. Counting the ones
    // being decoded as half done read 20 of 80 s more when the first two were back.
    const pieces = [piece(0, 20), piece(20, 40), piece(40, 60), piece(60, 80)];
    const reports: Array<{ done: number; total: number }> = [];
    const progress = speechProgress(80, (p) => reports.push(p));
    progress.planned(pieces, true);
    progress.decoded(pieces[0]!);
    progress.decoded(pieces[1]!);
    expect(reports.at(-1)).toEqual({ done: 40, total: 80 });
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
    progress.decoded(piece(0, 20));
    expect(reports).toEqual([]); // no total yet
    progress.scanned(120, 40); // 40 s of speech in the first fifth: about 200 s in all
    expect(reports.at(-1)).toEqual({ done: 20, total: 200 });
    progress.planned([piece(30, 50)], true); // the VAD is done: the exact total
    expect(reports.at(-1)).toEqual({ done: 20, total: 40 });
    progress.scanned(600, 40); // ignored once the total is known
    expect(reports.at(-1)).toEqual({ done: 20, total: 40 });
  });

  it('is a no-op without a listener, and a listener that throws does not stop the work', () => {
    const quiet = speechProgress(100);
    expect(() => { quiet.scanned(60, 10); quiet.planned([piece(0, 5)], true); quiet.decoded(piece(0, 5)); }).not.toThrow();
    const throwing = speechProgress(5, () => { throw new Error('listener'); });
    expect(() => { throwing.planned([piece(0, 5)], true); throwing.decoded(piece(0, 5)); }).not.toThrow();
  });
});
