import type { RecognizedWord } from '../engines/types.js';

export type TranscriptToken = { type: 'word'; word: RecognizedWord } | { type: 'punctuation'; content: string };

/** The pause after which a sentence is taken to have ended. */
export const SENTENCE_PAUSE_SECONDS = 0.6;

/**
 * Orders words by time and closes a sentence with '.' at every pause of at least `pause` seconds,
 * at every speaker change and after the last word. Words that already end in punctuation (neural
 * engines) keep it and get no extra mark. With `punctuated` (the engine punctuates, e.g. Whisper)
 * sentences end only where the engine ended them, plus at speaker changes and after the last word.
 */
export function punctuate(words: readonly RecognizedWord[], pause = SENTENCE_PAUSE_SECONDS, punctuated = false): TranscriptToken[] {
  const sorted = [...words].sort((a, b) => a.start - b.start || a.end - b.end);
  const tokens: TranscriptToken[] = [];
  sorted.forEach((word, i) => {
    const trailing = /[.,!?;:]+$/.exec(word.text)?.[0];
    const text = trailing ? word.text.slice(0, -trailing.length) : word.text;
    if (text) tokens.push({ type: 'word', word: { ...word, text } });
    const next = sorted[i + 1];
    if (trailing) tokens.push({ type: 'punctuation', content: trailing[0]! });
    else if (!next || (!punctuated && next.start - word.end >= pause) || next.speaker !== word.speaker) tokens.push({ type: 'punctuation', content: '.' });
  });
  return tokens;
}
