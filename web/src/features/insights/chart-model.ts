/** Pure helpers of the sentiment modal: ranges (spec §9), distribution, speakers, significant moments, times. */
import { SENTIMENT_CHART, type SentimentClass, type SentimentItemView } from '@contracts/insights.js';

export type Range = readonly [number, number];
export interface ChartDomain { readonly time: Range; readonly score: Range }

const clampScore = (x: number) => Math.max(SENTIMENT_CHART.scoreRange[0], Math.min(SENTIMENT_CHART.scoreRange[1], x));
const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The chart's axes for the points shown: time from the first to the last point, padded by 10 s (never
 * below 0); score padded by 0.2 and never narrower than the default −0.8..0.8, within −1..1. With no
 * points: the default ranges (time 10..1990, score −0.8..0.8).
 */
export function chartDomain(items: readonly SentimentItemView[]): ChartDomain {
  if (items.length === 0) return { time: SENTIMENT_CHART.defaultTimeRange, score: SENTIMENT_CHART.defaultScoreRange };
  const times = items.map((i) => i.start_time);
  const scores = items.map((i) => i.sentiment_score);
  const pad = SENTIMENT_CHART.timePaddingSeconds;
  return {
    time: [Math.max(0, Math.min(...times) - pad), Math.max(...times) + pad],
    score: [
      round2(clampScore(Math.min(SENTIMENT_CHART.defaultScoreRange[0], Math.min(...scores) - SENTIMENT_CHART.scorePadding))),
      round2(clampScore(Math.max(SENTIMENT_CHART.defaultScoreRange[1], Math.max(...scores) + SENTIMENT_CHART.scorePadding))),
    ],
  };
}

/** The domain after a drag selection from `a` to `b` seconds: that time span, scores fitted to the points inside. */
export function zoomDomain(items: readonly SentimentItemView[], a: number, b: number): ChartDomain | undefined {
  const [from, to] = a <= b ? [a, b] : [b, a];
  if (to - from <= 0) return undefined;
  const inside = items.filter((i) => i.start_time >= from && i.start_time <= to);
  return { time: [from, to], score: chartDomain(inside).score };
}

const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400];
const SCORE_STEPS = [0.1, 0.2, 0.25, 0.5, 1];

/**
 * Round ticks for an axis (issue 17: recharts split the range evenly, giving -0.3 / 0.6 scores and 1:15 crowding
 * 1:20): multiples of the smallest step from a fixed list that gives at most `most` ticks inside `range`.
 */
export function axisTicks(range: Range, kind: 'time' | 'score', most = 6): number[] {
  const [lo, hi] = range[0] <= range[1] ? range : [range[1], range[0]];
  const steps = kind === 'time' ? TIME_STEPS : SCORE_STEPS;
  const step = steps.find((s) => Math.floor(hi / s + 1e-9) - Math.ceil(lo / s - 1e-9) + 1 <= most) ?? steps[steps.length - 1]!;
  const ticks: number[] = [];
  for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + 1e-9; k += 1) ticks.push(Math.round(k * step * 100) / 100 + 0);
  return ticks;
}

/** A score tick as written on the axis: 0.5, -0.25, 1. */
export const formatScore = (value: number): string => String(Math.round(value * 100) / 100);

/** Share of each class, in percent (0 when there are no items), positive, neutral, negative. */
export function distribution(items: readonly SentimentItemView[]): Record<SentimentClass, number> {
  const count = (c: SentimentClass) => items.filter((i) => i.sentiment === c).length;
  const total = items.length || 1;
  return { positive: (count('positive') / total) * 100, neutral: (count('neutral') / total) * 100, negative: (count('negative') / total) * 100 };
}

/** The speaker labels present, in label order. */
export const speakersIn = (items: readonly SentimentItemView[]): string[] =>
  [...new Set(items.map((i) => i.speaker_label))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));

/** `spk_0` → `Speaker 1` (as the transcript names them). */
export const speakerName = (label: string): string => {
  const match = /^spk_(\d+)$/.exec(label);
  return match ? `Speaker ${Number(match[1]) + 1}` : label;
};

/** The most positive and the most negative moments (up to `count` each), strongest first. */
export function significantMoments(items: readonly SentimentItemView[], count = 3) {
  return {
    positive: items.filter((i) => i.sentiment_score > 0).sort((a, b) => b.sentiment_score - a.sentiment_score || a.start_time - b.start_time).slice(0, count),
    negative: items.filter((i) => i.sentiment_score < 0).sort((a, b) => a.sentiment_score - b.sentiment_score || a.start_time - b.start_time).slice(0, count),
  };
}
