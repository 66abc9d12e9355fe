import { toProductSentiment } from '../../../functions/core/insights/scoring.js';
import { detectSentiment } from '../../../local/comprehend/sentiment-model.js';

const score = (text: string) => toProductSentiment(detectSentiment(text));

describe('local sentiment calibration (ordinary meeting talk reads neutral)', () => {
  it.each(['Okay.', 'Yeah.', 'That sounds good.', 'The budget is due on Friday.', 'Great, thanks everyone.'])('keeps "%s" within ±0.6', (text) => {
    expect(Math.abs(score(text).sentiment_score)).toBeLessThanOrEqual(0.6);
  });

  it('does not call a lone backchannel positive', () => {
    expect(score('Okay.').sentiment).toBe('neutral');
  });

  it('still calls a plainly emotional sentence by its side', () => {
    expect(score('This is terrible and I hate it.')).toMatchObject({ sentiment: 'negative' });
    expect(score('Brilliant work, I am really pleased with it.')).toMatchObject({ sentiment: 'positive' });
    expect(score('Brilliant work, I am really pleased with it.').sentiment_score).toBeGreaterThan(0.6);
  });

  it('keeps the four Comprehend scores summing to 1', () => {
    const { SentimentScore: s } = detectSentiment('I love the new design, but the price is awful and I hate it.');
    expect(s.Positive + s.Negative + s.Neutral + s.Mixed).toBeCloseTo(1, 5);
    expect(s.Mixed).toBeGreaterThan(0);
  });
});
