import { adapterDigest, adapts, adaptQuestion, decodeAdapter, encodeAdapter, identityAdapter, trainAdapter, type AdapterExample }
  from '../../../functions/core/ask/adapter.js';
import { dot, normalised } from '../../../functions/core/embeddings/model.js';

const unit = (...v: number[]) => normalised(v);

/**
 * A tiny world of 4 dimensions: questions asked "about x" (axis 0) are answered by passages that speak of y (axis 1),
 * while a distractor passage repeats the question's own direction. The raw cosine ranks the distractor first.
 */
const examples: AdapterExample[] = [
  { question: unit(1, 0, 0.2, 0), passages: [unit(0, 1, 0, 0.1), unit(1, 0, 0.3, 0), unit(0, 0, 0, 1)], relevant: [true, false, false] },
  { question: unit(1, 0, 0, 0.2), passages: [unit(0.1, 1, 0, 0), unit(1, 0, 0, 0.3), unit(0, 0, 1, 0)], relevant: [true, false, false] },
  { question: unit(0, 0, 1, 0), passages: [unit(0, 0, 1, 0), unit(0, 0, 0, 1)], relevant: [true, false] },
];

describe('question adapter', () => {
  it('starts from the identity: the unadapted question vector, unit length', () => {
    const q = unit(3, 1, 0, 2);
    expect([...adaptQuestion(identityAdapter(4), q)]).toEqual([...q]);
  });

  it('moves a question towards the passages that answer it, and away from the distractor', () => {
    const adapter = trainAdapter(examples, 4, { steps: 200, learningRate: 0.02, l2: 0.001, temperature: 0.1 });
    const [answer, distractor] = examples[0].passages;
    const q = examples[0].question;
    expect(dot(q, answer)).toBeLessThan(dot(q, distractor));
    const adapted = adaptQuestion(adapter, q);
    expect(dot(adapted, answer)).toBeGreaterThan(dot(adapted, distractor));
    expect(dot(adapted, answer)).toBeGreaterThan(dot(q, answer));
    // A question already answered by its own direction stays answered.
    const third = adaptQuestion(adapter, examples[2].question);
    expect(dot(third, examples[2].passages[0])).toBeGreaterThan(dot(third, examples[2].passages[1]));
  });

  it('is deterministic: the same examples give the same matrix', () => {
    const o = { steps: 20, learningRate: 0.01 };
    expect(encodeAdapter(trainAdapter(examples, 4, o))).toBe(encodeAdapter(trainAdapter(examples, 4, o)));
  });

  it('a strong pull to the identity keeps the unadapted vectors', () => {
    const adapter = trainAdapter(examples, 4, { steps: 200, learningRate: 0.01, l2: 1e6 });
    const q = unit(1, 2, 3, 4);
    adaptQuestion(adapter, q).forEach((v, i) => expect(v).toBeCloseTo(q[i], 3));
  });

  it('needs a question with a relevant and an irrelevant passage', () => {
    expect(() => trainAdapter([{ question: unit(1, 0, 0, 0), passages: [unit(1, 0, 0, 0)], relevant: [true] }], 4)).toThrow(/relevant and irrelevant/);
  });

  it('reads the stored matrix only when its SHA-256 matches', () => {
    const adapter = trainAdapter(examples, 4, { steps: 5 });
    const matrix = encodeAdapter(adapter);
    expect([...decodeAdapter({ dimensions: 4, sha256: adapterDigest(matrix), matrix }).matrix]).toEqual([...adapter.matrix]);
    const tampered = encodeAdapter({ ...adapter, matrix: adapter.matrix.map((v, i) => (i === 0 ? v + 1 : v)) });
    expect(() => decodeAdapter({ dimensions: 4, sha256: adapterDigest(matrix), matrix: tampered })).toThrow(/SHA-256/);
    expect(() => decodeAdapter({ dimensions: 3, sha256: adapterDigest(matrix), matrix })).toThrow(/wrong size/);
  });

  it('maps only the vectors of the embedder it was trained on', () => {
    const adapter = { ...identityAdapter(4), embedder: 'use-lite' };
    expect(adapts(adapter, { name: 'use-lite', dimensions: 4 })).toBe(true);
    expect(adapts(adapter, { name: 'hashing-test', dimensions: 4 })).toBe(false);
    expect(adapts(identityAdapter(4), { name: 'any', dimensions: 4 })).toBe(true);
    expect(adapts(identityAdapter(4), { name: 'any', dimensions: 64 })).toBe(false);
    expect(adapts(null, { name: 'use-lite', dimensions: 4 })).toBe(false);
  });
});
