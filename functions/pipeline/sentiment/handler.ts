import { comprehendDetector } from '../../adapters/comprehend/sentiment-detector.js';
import { insightsContext, type InsightTaskInput } from '../../wiring/insights.js';
import { analyseSentiment } from '../../core/insights/analyse-sentiment.js';

const ctx = insightsContext();
const detector = comprehendDetector();

/**
 * Sentiment per sentence of the transcript (Comprehend BatchDetectSentiment, 25 per call), stored as
 * artefacts/{id}/sentiments.json with its status item marked ready. Throws when the transcript cannot be
 * read or no sentence could be scored; the state machine's Catch then marks only this artefact failed.
 */
export const handler = async (input: InsightTaskInput): Promise<{ status: 'ready'; sentences: number }> => {
  const { sentences, durationSeconds } = await ctx.readSentences(input);
  const document = await analyseSentiment(sentences, detector, durationSeconds);
  await ctx.insights.saveSentiments(input.meetingId, document);
  return { status: 'ready', sentences: document.sentiments_data.length };
};
