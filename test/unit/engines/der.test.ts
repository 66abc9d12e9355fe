import { diarizationErrorRate, diarizationErrors, parseRttm, type LabelledTurn, sumDerCounts } from '../../../local/engines/der.js';

const ref: LabelledTurn[] = [{ start: 0, end: 10, speaker: 'A' }, { start: 10, end: 20, speaker: 'B' }];

describe('diarizationErrors', () => {
  it('scores a perfect answer with other label names as 0', () => {
    const hyp = [{ start: 0, end: 10, speaker: 'spk_1' }, { start: 10, end: 20, speaker: 'spk_0' }];
    expect(diarizationErrorRate(diarizationErrors(ref, hyp, 0))).toBe(0);
  });

  it('counts missed speech, false alarm and confusion in seconds', () => {
    // A is found for 0-8 (2 s missed), B is called A for 10-12 (2 s confusion) and found 12-20, 20-22 is a false alarm.
    const hyp = [{ start: 0, end: 8, speaker: 'x' }, { start: 10, end: 12, speaker: 'x' }, { start: 12, end: 22, speaker: 'y' }];
    const c = diarizationErrors(ref, hyp, 0);
    expect(c.scored).toBeCloseTo(20);
    expect(c.missed).toBeCloseTo(2);
    expect(c.confusion).toBeCloseTo(2);
    expect(c.falseAlarm).toBeCloseTo(2);
    expect(diarizationErrorRate(c)).toBeCloseTo(0.3);
  });

  it('leaves the collar around reference boundaries unscored', () => {
    const hyp = [{ start: 0, end: 10.2, speaker: 'x' }, { start: 10.2, end: 20, speaker: 'y' }];
    expect(diarizationErrorRate(diarizationErrors(ref, hyp, 0))).toBeGreaterThan(0);
    expect(diarizationErrorRate(diarizationErrors(ref, hyp, 0.25))).toBe(0);
  });

  it('scores overlapped speech: one hypothesis speaker for two talkers misses one of them', () => {
    const overlap = [{ start: 0, end: 10, speaker: 'A' }, { start: 5, end: 10, speaker: 'B' }];
    const c = diarizationErrors(overlap, [{ start: 0, end: 10, speaker: 'x' }], 0);
    expect(c.scored).toBeCloseTo(15);
    expect(c.missed).toBeCloseTo(5);
  });
});

describe('parseRttm', () => {
  it('reads start, duration and speaker', () => {
    expect(parseRttm('SPEAKER f 1 1.440 11.872 <NA> <NA> MEE009 <NA> <NA>\n\n')).toEqual([{ start: 1.44, end: 1.44 + 11.872, speaker: 'MEE009' }]);
  });
});

describe('sumDerCounts', () => {
  it('adds the counts of several recordings, and gives zeros for none', () => {
    expect(sumDerCounts([{ scored: 10, missed: 1, falseAlarm: 2, confusion: 3 }, { scored: 5, missed: 0.5, falseAlarm: 0, confusion: 1 }]))
      .toEqual({ scored: 15, missed: 1.5, falseAlarm: 2, confusion: 4 });
    expect(sumDerCounts([])).toEqual({ scored: 0, missed: 0, falseAlarm: 0, confusion: 0 });
  });
});
