import { adapterDigest, adaptQuestion, type AdapterExample } from '../../../functions/core/ask/adapter.js';
import { decodeStoredAdapter, expandFactored, factoredBytes, factoredFromBytes, trainFactoredAdapter }
  from '../../../functions/core/ask/factored-adapter.js';
import { dot, normalised } from '../../../functions/core/embeddings/model.js';

const unit = (...v: number[]) => normalised(v);

/** As in question-adapter.test.ts: questions "about x" (axis 0) answered by passages about y (axis 1), a distractor along x. */
const examples: AdapterExample[] = [
  { question: unit(1, 0, 0.2, 0), passages: [unit(0, 1, 0, 0.1), unit(1, 0, 0.3, 0), unit(0, 0, 0, 1)], relevant: [true, false, false] },
  { question: unit(1, 0, 0, 0.2), passages: [unit(0.1, 1, 0, 0), unit(1, 0, 0, 0.3), unit(0, 0, 1, 0)], relevant: [true, false, false] },
  { question: unit(0, 0, 1, 0), passages: [unit(0, 0, 1, 0), unit(0, 0, 0, 1)], relevant: [true, false] },
];

describe('factored question adapter (diagonal + low rank)', () => {
  it('starts from the identity: no steps leave the question as it is', () => {
    const f = trainFactoredAdapter(examples, 4, { steps: 0, rank: 2, diagonal: true });
    const q = unit(3, 1, 0, 2);
    adaptQuestion(expandFactored(f), q).forEach((v, i) => expect(v).toBeCloseTo(q[i], 6));
  });

  it('a rank-1 correction learns to send "about x" questions to the passages about y', () => {
    const f = trainFactoredAdapter(examples, 4, { steps: 300, learningRate: 0.02, l2: 0.001, temperature: 0.1, rank: 1 });
    const [answer, distractor] = examples[0].passages;
    const q = examples[0].question;
    expect(dot(q, answer)).toBeLessThan(dot(q, distractor));
    const adapted = adaptQuestion(expandFactored(f), q);
    expect(dot(adapted, answer)).toBeGreaterThan(dot(adapted, distractor));
    // Without a diagonal the scale stays 1.
    expect([...f.scale]).toEqual([1, 1, 1, 1]);
  });

  it('a diagonal alone cannot rotate x into y, but it does scale the dimensions that separate', () => {
    const f = trainFactoredAdapter(examples, 4, { steps: 300, learningRate: 0.02, l2: 0.001, temperature: 0.1, rank: 0, diagonal: true });
    expect(f.u.length).toBe(0);
    // Axis 0 is where the distractors lie: its weight goes down relative to axis 2's (the third question's answer).
    expect(f.scale[0]).toBeLessThan(f.scale[2]);
  });

  it('is deterministic: the same examples give the same factors', () => {
    const o = { steps: 20, learningRate: 0.01, rank: 2, diagonal: true };
    expect(factoredBytes(trainFactoredAdapter(examples, 4, o)).equals(factoredBytes(trainFactoredAdapter(examples, 4, o)))).toBe(true);
  });

  it('a strong pull to the identity keeps the unadapted vectors', () => {
    const f = trainFactoredAdapter(examples, 4, { steps: 200, learningRate: 0.01, l2: 1e6, rank: 2, diagonal: true });
    const q = unit(1, 2, 3, 4);
    adaptQuestion(expandFactored(f), q).forEach((v, i) => expect(v).toBeCloseTo(q[i], 2));
  });

  it('stores the factors and reads them back only when the SHA-256 matches, expanded to the matrix ranking applies', () => {
    const f = trainFactoredAdapter(examples, 4, { steps: 10, learningRate: 0.01, rank: 2, diagonal: true });
    const matrix = factoredBytes(f).toString('base64');
    const stored = { dimensions: 4, rank: 2, sha256: adapterDigest(matrix), matrix, embedder: 'use-lite' };
    const decoded = decodeStoredAdapter(stored);
    expect([...decoded.matrix]).toEqual([...expandFactored(f).matrix]);
    expect(decoded.embedder).toBe('use-lite');
    const bytes = factoredBytes(f);
    bytes[0] ^= 1;
    expect(() => decodeStoredAdapter({ ...stored, matrix: bytes.toString('base64') })).toThrow(/SHA-256/);
    expect(() => decodeStoredAdapter({ ...stored, rank: 3 })).toThrow(/wrong size/);
    expect(() => factoredFromBytes(new Uint8Array(8), 4, 1)).toThrow(/wrong size/);
  });

  it('expands W = diag(s) + U·Vᵀ', () => {
    const f = { dimensions: 2, rank: 1, scale: Float32Array.of(2, 3), u: Float32Array.of(1, 0), v: Float32Array.of(0, 5) };
    expect([...expandFactored(f).matrix]).toEqual([2, 5, 0, 3]);
  });
});
