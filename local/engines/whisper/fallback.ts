/**
 * When a first, narrower decoding is not good enough and the piece is decoded again with the full beam (native
 * runtime, issue 36). openai/whisper decodes once and decodes again (at a higher temperature) when the result's
 * average log-probability is under -1 or its text compresses more than 2.4 times (a loop); the graph's BeamSearch
 * cannot sample, so here the second try is the 5-beam search instead. A decoding that never reached end of text
 * (it ran to the decoder's length limit) is tried again as well.
 */
import { compressionRatio, MAX_COMPRESSION_RATIO } from './guard.js';

/** openai/whisper's logprob_threshold: under it the decoding is unsure. */
export const MIN_AVERAGE_LOGPROB = -1;
/**
 * Beams of the first decoding: 3. On the fixtures (asr/ and the constructed meeting, 663 words) 3 beams then the
 * fallback gave the same pooled WER as 5 beams (4.8 %) for about a quarter less decoder CPU; greedy (1) lost 1.4
 * points on asr/ and 2 beams 0.5 (docs/speech.md "Where the native time goes").
 */
export const FIRST_BEAMS = 3;

export interface Decoding {
  text: string;
  /** The sequence's summed log-probability over its length (BeamSearch's `sequences_scores`, length penalty 1). */
  averageLogprob: number;
  /** Whether the sequence ended with end of text within the decoder's length limit. */
  ended: boolean;
}

/** Why `decoding` should be redone with the full beam, or undefined when it is kept. */
export function fallbackReason(decoding: Decoding): string | undefined {
  if (!decoding.ended) return 'no end of text';
  if (decoding.averageLogprob < MIN_AVERAGE_LOGPROB) return `average log-probability under ${MIN_AVERAGE_LOGPROB}`;
  if (compressionRatio(decoding.text) > MAX_COMPRESSION_RATIO) return `compression ratio over ${MAX_COMPRESSION_RATIO}`;
  return undefined;
}
