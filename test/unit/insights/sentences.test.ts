import { splitSentences } from '../../../functions/core/insights/sentences.js';
import { speakerLabel, turnsOf, type TimedWord } from '../../../functions/core/insights/transcript.js';

/** Words spoken one after another, 0.3 s each, with `gaps[i]` seconds of silence before word i. */
function timed(text: string, from = 0, gaps: Record<number, number> = {}): TimedWord[] {
  let t = from;
  return text.split(' ').map((word, i) => {
    t += gaps[i] ?? 0;
    const w = { text: word, start: t, end: t + 0.3 };
    t += 0.3;
    return w;
  });
}

describe('splitSentences', () => {
  it('splits a punctuated turn at sentence-ending punctuation and ignores its pauses', () => {
    const words = timed('We shipped it. Can you check the logs? Great!', 0, { 2: 0.1, 4: 2 });
    const sentences = splitSentences([{ speaker: 'spk_0', words }]);
    expect(sentences.map((s) => s.text)).toEqual(['We shipped it.', 'Can you check the logs?', 'Great!']);
  });

  it('splits an unpunctuated turn at pauses of 0.6 s or more but not at shorter ones', () => {
    const words = timed('so the plan is fine we ship on monday', 0, { 4: 0.59, 5: 0.6 });
    const sentences = splitSentences([{ speaker: 'spk_1', words }]);
    expect(sentences.map((s) => s.text)).toEqual(['so the plan is fine', 'we ship on monday']);
  });

  it('ends a sentence at every change of speaker even without punctuation or pause', () => {
    const sentences = splitSentences([
      { speaker: 'spk_0', words: timed('are we done', 0) },
      { speaker: 'spk_1', words: timed('yes we are', 0.9) },
    ]);
    expect(sentences.map((s) => [s.speaker, s.text])).toEqual([['spk_0', 'are we done'], ['spk_1', 'yes we are']]);
  });

  it('gives each sentence the start of its first word and the end of its last', () => {
    const [first, second] = splitSentences([{ speaker: 'spk_0', words: timed('one two. three four.', 5) }]);
    [first!.start, first!.end, second!.start, second!.end].forEach((t, i) => expect(t).toBeCloseTo([5, 5.6, 5.6, 6.2][i]!, 9));
  });

  it('attaches timeless punctuation tokens to the word before them', () => {
    const words = [{ text: 'Hello', start: 0, end: 0.4 }, { text: '.', start: 0.4, end: 0.4 }, { text: 'Bye', start: 1, end: 1.3 }, { text: '!', start: 1.3, end: 1.3 }];
    expect(splitSentences([{ speaker: 'spk_0', words }]).map((s) => s.text)).toEqual(['Hello.', 'Bye!']);
  });

  it('cuts an overlong sentence at its longest pause', () => {
    const words = timed(Array.from({ length: 10 }, (_, i) => `w${i}`).join(' '), 0, { 7: 0.5 });
    const sentences = splitSentences([{ speaker: 'spk_0', words }], { maxWords: 8 });
    expect(sentences.map((s) => s.text.split(' ').length)).toEqual([7, 3]);
  });
});

describe('turnsOf', () => {
  it('reads the pipeline transcript document and labels speakers spk_N', () => {
    const turns = turnsOf({ turns: [{ speaker: 'Speaker 1', speakerLabel: 'spk_0', words: [{ text: 'hi', start: 0, end: 1 }] }] });
    expect(turns).toEqual([{ speaker: 'spk_0', words: [{ text: 'hi', start: 0, end: 1 }] }]);
  });

  it('rejects a document without turns', () => {
    expect(() => turnsOf({ results: {} })).toThrow('turns is missing');
  });

  it('maps numeric and "Speaker N" labels to spk_N', () => {
    expect([speakerLabel(2), speakerLabel('3'), speakerLabel('Speaker 4'), speakerLabel('spk_5')]).toEqual(['spk_2', 'spk_3', 'spk_4', 'spk_5']);
  });
});
