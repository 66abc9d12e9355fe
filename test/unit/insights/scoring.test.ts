import { detectEmotions } from '../../../functions/core/insights/emotions.js';
import { toProductSentiment } from '../../../functions/core/insights/scoring.js';
import { speakerSentiments } from '../../../functions/core/insights/speaker-trends.js';
import type { SentimentItem } from '../../../functions/core/insights/model.js';

const scores = (Positive: number, Negative: number, Neutral: number, Mixed: number) => ({ Positive, Negative, Neutral, Mixed });

describe('toProductSentiment', () => {
  it('scores Positive minus Negative and keeps the positive class', () => {
    expect(toProductSentiment({ Sentiment: 'POSITIVE', SentimentScore: scores(0.9, 0.02, 0.08, 0) })).toEqual({ sentiment_score: 0.88, sentiment: 'positive' });
  });

  it('scores a negative sentence below zero', () => {
    expect(toProductSentiment({ Sentiment: 'NEGATIVE', SentimentScore: scores(0.1, 0.85, 0.05, 0) })).toEqual({ sentiment_score: -0.75, sentiment: 'negative' });
  });

  it('maps MIXED to neutral while the score keeps its lean', () => {
    expect(toProductSentiment({ Sentiment: 'MIXED', SentimentScore: scores(0.4, 0.1, 0.1, 0.4) })).toEqual({ sentiment_score: 0.3, sentiment: 'neutral' });
  });

  it('keeps the score within -1..1 and rounds it to three decimals', () => {
    expect(toProductSentiment({ Sentiment: 'NEGATIVE', SentimentScore: scores(0, 1.2, 0, 0) }).sentiment_score).toBe(-1);
    expect(toProductSentiment({ Sentiment: 'NEUTRAL', SentimentScore: scores(0.12345, 0, 0.87, 0) }).sentiment_score).toBe(0.123);
  });
});

describe('detectEmotions', () => {
  it('lists the lexicon categories found, most matched first', () => {
    expect(detectEmotions("I'm worried about the risk, but I love the design and I'm excited")).toEqual(['fear', 'joy']);
  });

  it('finds nothing in a plain statement', () => {
    expect(detectEmotions('The meeting is at three.')).toEqual([]);
  });
});

const item = (speaker: string, start: number, score: number): SentimentItem => ({
  start_time: start, end_time: start + 1, sentiment_score: score, sentiment: 'neutral', speaker_label: speaker, emotions: [], content: 'x',
});

describe('speakerSentiments', () => {
  it('gives each speaker a mean and the change from the first to the last quarter of the meeting', () => {
    const items = [item('spk_0', 0, -0.5), item('spk_0', 10, -0.1), item('spk_0', 50, 0.2), item('spk_0', 90, 0.6), item('spk_1', 20, 0.4), item('spk_1', 95, 0.4)];
    const [a, b] = speakerSentiments(items, 100);
    expect(a).toEqual({ speaker_label: 'spk_0', sentences: 4, mean_score: 0.05, first_quarter_mean: -0.3, last_quarter_mean: 0.6, trend: 0.9 });
    expect(b).toEqual({ speaker_label: 'spk_1', sentences: 2, mean_score: 0.4, first_quarter_mean: 0.4, last_quarter_mean: 0.4, trend: 0 });
  });

  it('has no trend for a speaker silent in the last quarter', () => {
    const [, quiet] = speakerSentiments([item('spk_0', 0, 0.1), item('spk_0', 99, 0.1), item('spk_1', 5, 0.5)], 100);
    expect(quiet).toMatchObject({ speaker_label: 'spk_1', first_quarter_mean: 0.5, last_quarter_mean: null, trend: null });
  });

  it('orders speakers by label number', () => {
    expect(speakerSentiments([item('spk_10', 0, 0), item('spk_2', 1, 0)]).map((s) => s.speaker_label)).toEqual(['spk_2', 'spk_10']);
  });
});
