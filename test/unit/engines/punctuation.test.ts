import { punctuate } from '../../../local/transcribe/punctuation.js';
import type { RecognizedWord } from '../../../local/engines/types.js';

const w = (text: string, start: number, end: number, speaker = 0): RecognizedWord => ({ text, start, end, confidence: 0.9, speaker });
const render = (words: RecognizedWord[]) => punctuate(words).map((t) => (t.type === 'word' ? t.word.text : t.content)).join(' ');

describe('punctuate', () => {
  it('for a punctuating engine (Whisper) ends sentences only where it did, at speaker changes and at the end', () => {
    const words = [w('So,', 0, 0.3), w('we', 0.35, 0.6), w('agreed', 1.6, 1.9), w('today.', 2, 2.4), w('Fine', 2.5, 2.8, 1)];
    const text = punctuate(words, undefined, true).map((t) => (t.type === 'word' ? t.word.text : t.content)).join(' ');
    expect(text).toBe('So , we agreed today . Fine .');
    // Without the flag the 1 s pause after "we" would end a sentence.
    expect(render(words)).toBe('So , we . agreed today . Fine .');
  });

  it('ends sentences at long pauses and after the last word', () => {
    expect(render([w('ask', 0, 0.3), w('not', 0.35, 0.6), w('what', 1.3, 1.5), w('you', 1.6, 1.8)])).toBe('ask not . what you .');
  });

  it('ends a sentence at a speaker change even without a pause', () => {
    expect(render([w('hello', 0, 0.4, 0), w('hi', 0.45, 0.6, 1)])).toBe('hello . hi .');
  });

  it('keeps a pause just under the threshold inside the sentence and orders words by time', () => {
    expect(render([w('b', 1.09, 1.2), w('a', 0, 0.5)])).toBe('a b .');
  });

  it('turns punctuation attached by a neural engine into its own token', () => {
    expect(render([w('Yes,', 0, 0.3), w('indeed.', 0.4, 0.8), w('Next', 0.9, 1.0)])).toBe('Yes , indeed . Next .');
  });
});
