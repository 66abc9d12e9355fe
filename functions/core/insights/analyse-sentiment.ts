import { COMPREHEND_LIMITS, cutToBytes, toBatches } from './batching.js';
import { detectEmotions } from './emotions.js';
import type { SentimentDetector, SentimentItem, SentimentsDocument } from './model.js';
import { toProductSentiment } from './scoring.js';
import { speakerSentiments } from './speaker-trends.js';
import type { Sentence } from './transcript.js';

export class SentimentAnalysisFailed extends Error {
  readonly name = 'SentimentAnalysisFailed';
}

/**
 * Scores every sentence: texts cut to 5,000 UTF-8 bytes, sent 25 per call, in order. A sentence the
 * service reports in its ErrorList is left out of the series (it would otherwise be a made-up score).
 * @throws SentimentAnalysisFailed when there were sentences and not one could be scored.
 */
export async function analyseSentiment(sentences: readonly Sentence[], detector: SentimentDetector, duration?: number): Promise<SentimentsDocument> {
  const items: SentimentItem[] = [];
  let failures = 0;
  let lastError = '';
  for (const batch of toBatches(sentences, COMPREHEND_LIMITS.documentsPerBatch)) {
    const outcome = await detector.detectBatch(batch.map((s) => cutToBytes(s.text, COMPREHEND_LIMITS.bytesPerDocument)));
    for (const { index, detected } of outcome.results) {
      const sentence = batch[index];
      if (!sentence) continue;
      items.push({
        start_time: sentence.start, end_time: sentence.end, ...toProductSentiment(detected),
        speaker_label: sentence.speaker, emotions: detectEmotions(sentence.text), content: sentence.text,
      });
    }
    failures += outcome.errors.length;
    if (outcome.errors[0]) lastError = `${outcome.errors[0].code}: ${outcome.errors[0].message}`;
  }
  if (sentences.length > 0 && items.length === 0) {
    throw new SentimentAnalysisFailed(`No sentence could be scored (${failures} errors; last ${lastError || 'none'}).`);
  }
  items.sort((a, b) => a.start_time - b.start_time);
  return { sentiments_data: items, speakers: speakerSentiments(items, duration) };
}
