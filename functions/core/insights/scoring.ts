/** Comprehend's answer for one document (DetectSentiment / one BatchDetectSentiment result). */
export interface DetectedSentiment {
  readonly Sentiment: 'POSITIVE' | 'NEGATIVE' | 'NEUTRAL' | 'MIXED' | string;
  readonly SentimentScore: { readonly Positive: number; readonly Negative: number; readonly Neutral: number; readonly Mixed: number };
}

export type SentimentClass = 'positive' | 'negative' | 'neutral';

/**
 * Maps Comprehend's answer to the product's score and class. score = Positive − Negative, in −1..1,
 * rounded to 3 decimals. POSITIVE / NEGATIVE / NEUTRAL keep their class. MIXED (both strongly present)
 * is classed `neutral`: the three product classes have no "both", and mixed feelings cancel out on the
 * distribution bar; the score still shows which way the sentence leans on the timeline.
 */
export function toProductSentiment(detected: DetectedSentiment): { sentiment_score: number; sentiment: SentimentClass } {
  const { Positive, Negative } = detected.SentimentScore;
  const raw = (Positive ?? 0) - (Negative ?? 0);
  const score = Math.round(Math.max(-1, Math.min(1, raw)) * 1000) / 1000;
  const label = detected.Sentiment.toUpperCase();
  const sentiment: SentimentClass = label === 'POSITIVE' ? 'positive' : label === 'NEGATIVE' ? 'negative' : 'neutral';
  return { sentiment_score: Object.is(score, -0) ? 0 : score, sentiment };
}
