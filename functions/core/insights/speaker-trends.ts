import type { SentimentItem } from './model.js';

export interface SpeakerSentiment {
  readonly speaker_label: string;
  readonly sentences: number;
  /** Mean score over all the speaker's sentences. */
  readonly mean_score: number;
  readonly first_quarter_mean: number | null;
  readonly last_quarter_mean: number | null;
  /** last_quarter_mean − first_quarter_mean; null when the speaker said nothing in either quarter. */
  readonly trend: number | null;
}

const mean = (values: number[]): number | null =>
  values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1000) / 1000;

/**
 * Per speaker: mean score and the change from the first to the last quarter of the meeting, as AWS's
 * Post-Call Analytics reports it. Quarters are of the meeting's time span (first sentence start to
 * `duration`, or to the last sentence start when no duration is given); a sentence belongs to the
 * quarter its start falls in. Speakers are listed by label.
 */
export function speakerSentiments(items: readonly SentimentItem[], duration?: number): SpeakerSentiment[] {
  if (items.length === 0) return [];
  const begin = Math.min(...items.map((i) => i.start_time));
  const end = Math.max(duration ?? 0, ...items.map((i) => i.start_time));
  const quarter = (end - begin) / 4;
  const bySpeaker = new Map<string, SentimentItem[]>();
  for (const item of items) bySpeaker.set(item.speaker_label, [...(bySpeaker.get(item.speaker_label) ?? []), item]);
  return [...bySpeaker.entries()].sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true })).map(([speaker, own]) => {
    const first = mean(own.filter((i) => i.start_time < begin + quarter || quarter === 0).map((i) => i.sentiment_score));
    const last = mean(own.filter((i) => i.start_time >= end - quarter).map((i) => i.sentiment_score));
    return {
      speaker_label: speaker,
      sentences: own.length,
      mean_score: mean(own.map((i) => i.sentiment_score)) ?? 0,
      first_quarter_mean: first,
      last_quarter_mean: last,
      trend: first === null || last === null ? null : Math.round((last - first) * 1000) / 1000,
    };
  });
}
