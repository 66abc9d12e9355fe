import { analyseSentiment } from '../../../functions/core/insights/analyse-sentiment.js';
import { COMPREHEND_LIMITS, cutToBytes, toBatches, utf8Bytes } from '../../../functions/core/insights/batching.js';
import type { BatchOutcome, SentimentDetector } from '../../../functions/core/insights/model.js';
import type { Sentence } from '../../../functions/core/insights/transcript.js';

/** A detector that enforces Comprehend's limits the way the service does, and records each call. */
function limitedDetector(errorsAt: (text: string) => boolean = () => false) {
  const calls: string[][] = [];
  const detector: SentimentDetector = {
    async detectBatch(texts): Promise<BatchOutcome> {
      if (texts.length > 25) throw new Error('BatchSizeLimitExceededException');
      if (texts.some((t) => utf8Bytes(t) > 5000)) throw new Error('TextSizeLimitExceededException');
      calls.push([...texts]);
      const indexed = texts.map((text, index) => ({ text, index }));
      return {
        results: indexed.filter((x) => !errorsAt(x.text)).map(({ index, text }) => ({
          index, detected: { Sentiment: 'POSITIVE', SentimentScore: { Positive: text.length % 2 ? 0.9 : 0.6, Negative: 0.05, Neutral: 0.05, Mixed: 0 } },
        })),
        errors: indexed.filter((x) => errorsAt(x.text)).map(({ index }) => ({ index, code: 'INTERNAL_SERVER_ERROR', message: 'boom' })),
      };
    },
  };
  return { detector, calls };
}

const sentence = (text: string, start: number): Sentence => ({ text, start, end: start + 1, speaker: 'spk_0' });

describe('cutToBytes', () => {
  it('leaves a text within the limit unchanged', () => {
    expect(cutToBytes('short text', 5000)).toBe('short text');
  });

  it('cuts ASCII text to exactly 5,000 bytes when there is no space to end on', () => {
    const cut = cutToBytes('x'.repeat(6000));
    expect(utf8Bytes(cut)).toBe(5000);
  });

  it('never splits a multi-byte character (3-byte euro signs)', () => {
    const cut = cutToBytes('€'.repeat(2000));
    expect(utf8Bytes(cut)).toBe(4998);
    expect(cut).toBe('€'.repeat(1666));
  });

  it('never splits a surrogate pair (4-byte emoji)', () => {
    const cut = cutToBytes('a' + '😀'.repeat(1500));
    expect(utf8Bytes(cut)).toBeLessThanOrEqual(5000);
    expect(cut).toBe('a' + '😀'.repeat(1249));
    expect(/[\uD800-\uDBFF]$/.test(cut)).toBe(false);
  });

  it('prefers to end at a word boundary near the limit', () => {
    const cut = cutToBytes(`${'word '.repeat(999)}lastword`, 5000);
    expect(cut.endsWith('word')).toBe(true);
    expect(utf8Bytes(cut)).toBeLessThanOrEqual(5000);
  });
});

describe('toBatches', () => {
  it('groups 51 items into batches of 25, 25 and 1', () => {
    expect(toBatches(Array.from({ length: 51 }, (_, i) => i)).map((b) => b.length)).toEqual([25, 25, 1]);
  });
});

describe('analyseSentiment', () => {
  it('sends 60 sentences as three calls of at most 25 texts, in order', async () => {
    const { detector, calls } = limitedDetector();
    const sentences = Array.from({ length: 60 }, (_, i) => sentence(`sentence ${i}`, i));
    const result = await analyseSentiment(sentences, detector);
    expect(calls.map((c) => c.length)).toEqual([25, 25, 10]);
    expect(calls.flat()).toEqual(sentences.map((s) => s.text));
    expect(result.sentiments_data).toHaveLength(60);
  });

  it('cuts a sentence over 5,000 bytes of multi-byte text before sending it and keeps the full content', async () => {
    const { detector, calls } = limitedDetector();
    const long = 'Größe '.repeat(1200);
    const result = await analyseSentiment([sentence(long, 0)], detector);
    expect(utf8Bytes(calls[0]![0]!)).toBeLessThanOrEqual(COMPREHEND_LIMITS.bytesPerDocument);
    expect(result.sentiments_data[0]!.content).toBe(long);
  });

  it('leaves out sentences reported in ErrorList and keeps the others with their own times', async () => {
    const { detector } = limitedDetector((text) => text === 'bad');
    const result = await analyseSentiment([sentence('good one', 0), sentence('bad', 5), sentence('fine', 9)], detector);
    expect(result.sentiments_data.map((s) => [s.content, s.start_time])).toEqual([['good one', 0], ['fine', 9]]);
  });

  it('fails when no sentence at all could be scored', async () => {
    const { detector } = limitedDetector(() => true);
    await expect(analyseSentiment([sentence('bad', 0)], detector)).rejects.toThrow('No sentence could be scored');
  });

  it('builds items of the spec shape with score, class, speaker, emotions and content', async () => {
    const { detector } = limitedDetector();
    const { sentiments_data: [item] } = await analyseSentiment([sentence('I love it', 3)], detector);
    expect(item).toEqual({
      start_time: 3, end_time: 4, sentiment_score: 0.85, sentiment: 'positive', speaker_label: 'spk_0', emotions: ['joy'], content: 'I love it',
    });
  });
});
