import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

export interface ComprehendSentiment {
  Sentiment: 'POSITIVE' | 'NEGATIVE' | 'NEUTRAL' | 'MIXED';
  SentimentScore: { Positive: number; Negative: number; Neutral: number; Mixed: number };
}

const nlp = winkNLP(model);
const its = nlp.its;

/** wink's polarity of a text, −1..1. */
const polarity = (text: string): number => Number(nlp.readDoc(text).out(its.sentiment)) || 0;

const CLAUSE_BREAK = /[,;:]|\s(?:but|however|although|though|yet|whereas)\s/i;
/** Polarity at which a clause counts as clearly positive or negative. */
const CLEAR = 0.2;
/** wink scores sit near ±0.5 for plainly emotional sentences; doubling puts them where Comprehend's confidences are. */
const GAIN = 2;

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * Comprehend-shaped sentiment from wink-nlp's lexicon polarity p: the leaning class gets min(1, 2|p|),
 * NEUTRAL the rest. MIXED: when one clause is clearly positive and another clearly negative, the smaller of
 * the two strengths (doubled, capped at 1) goes to Mixed first. The four scores sum to 1 and the label is
 * the largest of them, as Comprehend's is; Positive − Negative keeps the sign of p.
 */
export function detectSentiment(text: string): ComprehendSentiment {
  const p = polarity(text);
  const clauses = text.split(CLAUSE_BREAK).filter((c) => c.trim()).map(polarity);
  const most = Math.max(0, ...clauses);
  const least = Math.min(0, ...clauses);
  const mixed = most >= CLEAR && least <= -CLEAR ? Math.min(1, GAIN * Math.min(most, -least)) : 0;
  const lean = Math.min(1 - mixed, GAIN * Math.abs(p));
  const scores = {
    Positive: round(p > 0 ? lean : 0),
    Negative: round(p < 0 ? lean : 0),
    Mixed: round(mixed),
    Neutral: 0,
  };
  scores.Neutral = round(Math.max(0, 1 - scores.Positive - scores.Negative - scores.Mixed));
  const order: Array<[ComprehendSentiment['Sentiment'], number]> = [
    ['NEUTRAL', scores.Neutral], ['POSITIVE', scores.Positive], ['NEGATIVE', scores.Negative], ['MIXED', scores.Mixed],
  ];
  const [label] = order.reduce((best, next) => (next[1] > best[1] ? next : best));
  return { Sentiment: label, SentimentScore: scores };
}
