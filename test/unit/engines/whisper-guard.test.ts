import { compressionRatio, longestRepeat, lostSpeech, rejectText, soundDescriptionsOnly, stockPhrase } from '../../../local/engines/whisper/guard.js';

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

  it('drops text that only describes sounds, at any speech probability', () => {
    for (const text of ['[Music]', '(upbeat music)', '♪ ♪ ♪', '[BLANK_AUDIO]', '*applause* [Music]', ' ♪ ']) {
      expect(soundDescriptionsOnly(text)).toBe(true);
      expect(rejectText(text)).toBe('sound descriptions only, no speech');
    }
    expect(soundDescriptionsOnly('[Music] Welcome back, everyone.')).toBe(false);
    expect(rejectText('Welcome back (everyone).')).toBeUndefined();
  });

  it('keeps text of quiet speech whatever its speech probability: a low one decides nothing alone', () => {
    const said = 'And so, my fellow Americans, ask not what your country can do for you.';
    expect(rejectText(said, 0)).toBeUndefined();
    expect(rejectText(said, 0.05)).toBeUndefined();
    expect(rejectText('Thank you.', 0.9)).toBeUndefined();
  });

  it('drops a stock phrase only over audio that is hardly speech', () => {
    expect(stockPhrase('Thank you.')).toBe(true);
    expect(stockPhrase('Thanks for watching! Bye.')).toBe(true);
    expect(stockPhrase('Thank you for the minutes.')).toBe(false);
    expect(rejectText('Thank you.', 0.1)).toBe('stock phrase over audio that is hardly speech');
    expect(rejectText(' you', 0)).toBe('stock phrase over audio that is hardly speech');
    expect(rejectText('Thank you, Maria.', 0.1)).toBeUndefined();
  });

  it('says which drops lost speech (loops) and which found none', () => {
    expect(lostSpeech(rejectText('Thank you. Thank you. Thank you. Thank you.'))).toBe(true);
    expect(lostSpeech(rejectText('[Music]'))).toBe(false);
    expect(lostSpeech(rejectText('Thank you.', 0))).toBe(false);
    expect(lostSpeech(undefined)).toBe(false);
  });
});
