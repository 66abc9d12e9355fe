import { normalised, type SentenceEmbedder } from '../../../functions/core/embeddings/model.js';
import { passageTerms } from '../../../functions/core/ask/terms.js';

/**
 * A deterministic stand-in for USE Lite in unit tests: each content word (stemmed) adds 1 to one of
 * 64 hashed dimensions, so texts sharing words are close and the vectors are unit length like the model's.
 */
export function hashingEmbedder(dimensions = 64): SentenceEmbedder {
  const bucket = (word: string) => [...word].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % dimensions;
  return {
    name: 'hashing-test', dimensions,
    embed: async (texts) => texts.map((text) => {
      const v = new Float32Array(dimensions);
      for (const word of passageTerms(text)) v[bucket(word)] += 1;
      return normalised(v);
    }),
  };
}
