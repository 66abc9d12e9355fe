import type { SentimentItemView } from '../../../functions/contracts/insights.js';
import { axisTicks, chartDomain, distribution, formatScore, significantMoments, speakersIn, zoomDomain } from '../../../web/src/features/insights/chart-model.js';
import { formatClock } from '../../../web/src/lib/time.js';

const item = (start: number, score: number, speaker = 'spk_0'): SentimentItemView => ({
  start_time: start, end_time: start + 2, sentiment_score: score,
  sentiment: score > 0.2 ? 'positive' : score < -0.2 ? 'negative' : 'neutral', speaker_label: speaker, emotions: [], content: `at ${start}`,
});

describe('sentiment chart model', () => {
  it('uses the default ranges (time 10..1990, score -0.8..0.8) when there are no points', () => {
    expect(chartDomain([])).toEqual({ time: [10, 1990], score: [-0.8, 0.8] });
  });

  it('pads time by 10 s (never below 0) and keeps the default score range when scores are mild', () => {
    expect(chartDomain([item(5, 0.1), item(100, -0.3)])).toEqual({ time: [0, 110], score: [-0.8, 0.8] });
  });

  it('pads extreme scores by 0.2 but stays within -1..1', () => {
    expect(chartDomain([item(20, 0.7), item(30, -0.95)]).score).toEqual([-1, 0.9]);
  });

  it('zooms to the dragged time span in either direction and fits the scores inside it', () => {
    const items = [item(10, 0.1), item(50, 0.75), item(90, -0.9)];
    expect(zoomDomain(items, 60, 40)).toEqual({ time: [40, 60], score: [-0.8, 0.95] });
    expect(zoomDomain(items, 30, 30)).toBeUndefined();
  });

  it('gives the share of each class in percent', () => {
    expect(distribution([item(1, 0.5), item(2, 0.6), item(3, -0.5), item(4, 0)])).toEqual({ positive: 50, neutral: 25, negative: 25 });
  });

  it('lists the most positive and most negative moments, strongest first', () => {
    const moments = significantMoments([item(1, 0.3), item(2, 0.9), item(3, -0.2), item(4, -0.7), item(5, 0)], 2);
    expect(moments.positive.map((m) => m.start_time)).toEqual([2, 1]);
    expect(moments.negative.map((m) => m.start_time)).toEqual([4, 3]);
  });

  it('lists speakers in label order', () => {
    expect(speakersIn([item(1, 0, 'spk_10'), item(2, 0, 'spk_2'), item(3, 0, 'spk_2')])).toEqual(['spk_2', 'spk_10']);
  });

  it('puts axis ticks on round values, at most six, none crowding the end (issue 17)', () => {
    expect(axisTicks([0, 80], 'time')).toEqual([0, 15, 30, 45, 60, 75]);
    expect(axisTicks([10, 1990], 'time')).toEqual([300, 600, 900, 1200, 1500, 1800]);
    expect(axisTicks([-0.8, 1], 'score')).toEqual([-0.5, 0, 0.5, 1]);
    expect(axisTicks([-0.8, 0.8], 'score')).toEqual([-0.5, 0, 0.5]);
    expect(axisTicks([-0.3, 0.3], 'score')).toEqual([-0.2, 0, 0.2]);
    expect(axisTicks([-0.8, 1], 'score').map(formatScore)).toEqual(['-0.5', '0', '0.5', '1']);
    for (const range of [[0, 80], [0, 3700], [33, 47], [0, 7 * 3600]] as const) {
      const ticks = axisTicks(range, 'time');
      expect(ticks.length).toBeGreaterThan(0);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.every((t) => t >= range[0] && t <= range[1])).toBe(true);
    }
  });

  it('shows times as m:ss, or H:mm:ss from an hour on', () => {
    expect([formatClock(5), formatClock(65.9), formatClock(3725)]).toEqual(['0:05', '1:05', '1:02:05']);
  });
});
