import { BatchDetectSentimentCommand, ComprehendClient, DetectSentimentCommand } from '@aws-sdk/client-comprehend';
import { createComprehendDetector } from '../../functions/adapters/comprehend/sentiment-detector.js';
import { analyseSentiment } from '../../functions/core/insights/analyse-sentiment.js';
import { startLocalComprehend, type LocalComprehend } from '../../local/comprehend/index.js';

let comprehend: LocalComprehend;
let client: ComprehendClient;

beforeAll(async () => {
  comprehend = await startLocalComprehend({ credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  client = new ComprehendClient({ endpoint: comprehend.endpoint, region: 'us-east-1', maxAttempts: 1, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});
afterAll(async () => {
  client.destroy();
  await comprehend.stop();
});

describe('local Comprehend through @aws-sdk/client-comprehend', () => {
  it('answers DetectSentiment with a label and four scores summing to 1', async () => {
    const out = await client.send(new DetectSentimentCommand({ Text: 'I love this design, it is excellent!', LanguageCode: 'en' }));
    const s = out.SentimentScore!;
    expect(out.Sentiment).toBe('POSITIVE');
    expect(s.Positive! + s.Negative! + s.Neutral! + s.Mixed!).toBeCloseTo(1, 5);
  });

  it('scores a hostile sentence NEGATIVE and a plain statement NEUTRAL', async () => {
    const out = await client.send(new BatchDetectSentimentCommand({ TextList: ['This is terrible and I hate it.', 'The meeting is at three.'], LanguageCode: 'en' }));
    expect(out.ResultList!.map((r) => [r.Index, r.Sentiment])).toEqual([[0, 'NEGATIVE'], [1, 'NEUTRAL']]);
    expect(out.ErrorList).toEqual([]);
  });

  it('calls a sentence with a clearly good and a clearly bad clause MIXED', async () => {
    const out = await client.send(new DetectSentimentCommand({ Text: 'I love the new design, but the price is awful and I hate it.', LanguageCode: 'en' }));
    expect(out.SentimentScore!.Mixed).toBeGreaterThan(0);
  });

  it('refuses more than 25 documents with BatchSizeLimitExceededException', async () => {
    const send = client.send(new BatchDetectSentimentCommand({ TextList: Array.from({ length: 26 }, () => 'fine'), LanguageCode: 'en' }));
    await expect(send).rejects.toMatchObject({ name: 'BatchSizeLimitExceededException' });
  });

  it('refuses a document over 5,000 UTF-8 bytes, counted in bytes not characters', async () => {
    const send = client.send(new DetectSentimentCommand({ Text: '€'.repeat(1667), LanguageCode: 'en' }));
    await expect(send).rejects.toMatchObject({ name: 'TextSizeLimitExceededException' });
  });

  it('refuses an empty document with InvalidRequestException and another language with UnsupportedLanguageException', async () => {
    await expect(client.send(new DetectSentimentCommand({ Text: '', LanguageCode: 'en' }))).rejects.toMatchObject({ name: 'InvalidRequestException' });
    await expect(client.send(new DetectSentimentCommand({ Text: 'Hola', LanguageCode: 'es' }))).rejects.toMatchObject({ name: 'UnsupportedLanguageException' });
  });

  it('serves the sentiment use case end to end: 30 long multi-byte sentences in two calls within the limits', async () => {
    const sentences = Array.from({ length: 30 }, (_, i) => ({ text: `Großartige Arbeit, great work, everyone, I really love it, ${'ü'.repeat(3000)}`, start: i, end: i + 1, speaker: `spk_${i % 2}` }));
    const result = await analyseSentiment(sentences, createComprehendDetector(client));
    expect(result.sentiments_data).toHaveLength(30);
    expect(result.sentiments_data[0]!.sentiment).toBe('positive');
    expect(result.speakers.map((s) => s.speaker_label)).toEqual(['spk_0', 'spk_1']);
  });
});
