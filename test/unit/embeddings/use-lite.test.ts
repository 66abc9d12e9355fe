import { dot } from '../../../functions/core/embeddings/model.js';
import { useLiteEmbedder } from '../../../functions/adapters/embeddings/use-lite.js';

describe('USE Lite embedder (the pinned npm weights, checked and loaded)', () => {
  const embedder = useLiteEmbedder();

  it('gives unit vectors of 512 numbers, one per text, in order', async () => {
    const [a, b] = await embedder.embed(['How much will it cost?', 'The weather is nice today.']);
    expect(a).toHaveLength(512);
    expect(dot(a, a)).toBeCloseTo(1, 4);
    expect(dot(b, b)).toBeCloseTo(1, 4);
  }, 60_000);

  it('puts a question nearer the sentence that answers it than an unrelated one', async () => {
    const [question, answer, other] = await embedder.embed([
      'How much will the remote control cost?',
      'We agreed the price should be twenty-five euros.',
      'My dog likes to play in the garden.',
    ]);
    expect(dot(question, answer)).toBeGreaterThan(dot(question, other) + 0.1);
  }, 60_000);

  it('answers an empty list without loading anything', async () => {
    await expect(embedder.embed([])).resolves.toEqual([]);
  });
});
