import { compressionRatio, longestRepeat, rejectPiece, rejectText } from '../../../local/engines/whisper/guard.js';

describe('Whisper hallucination guard', () => {
  it('keeps ordinary speech, punctuated and cased', () => {
    expect(rejectText('And so, my fellow Americans, ask not what your country can do for you; ask what you can do for your country.')).toBeUndefined();
    expect(rejectText('Yes. Yes, that works for me.')).toBeUndefined();
    expect(rejectText('')).toBeUndefined();
  });

  it('drops a phrase looped back to back', () => {
    expect(longestRepeat('Thank you. Thank you. Thank you. Thank you.')).toBe(4);
    expect(rejectText('Thank you. Thank you. Thank you. Thank you.')).toBe('repeats a phrase');
    expect(rejectText('we will see you next time we will see you next time we will see you next time we will see you next time')).toBe('repeats a phrase');
    expect(longestRepeat('no no no')).toBe(3);
    expect(rejectText('no no no')).toBeUndefined();
  });

  it('drops long text that compresses like a loop even when the repeats are not back to back', () => {
    const looped = Array.from({ length: 8 }, (_, i) => `the meeting is over ${i % 2 ? 'now' : 'today'} and`).join(' ');
    expect(compressionRatio(looped)).toBeGreaterThan(2.4);
    expect(rejectText(looped)).toBe('compresses like a loop');
  });

  it('refuses a piece whose speech probability is low', () => {
    expect(rejectPiece(0.05)).toBe('low speech probability');
    expect(rejectPiece(0)).toBe('low speech probability');
    expect(rejectPiece(0.9)).toBeUndefined();
  });
});
