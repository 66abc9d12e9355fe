import { contentWords, stem } from '../../../functions/core/notes/text.js';

describe('notes text helpers', () => {
  it('strips plural and verb endings so related words meet', () => {
    expect(['crashes', 'crash', 'reported', 'meetings', 'companies', 'class'].map(stem)).toEqual(['crash', 'crash', 'report', 'meeting', 'company', 'class']);
    // A silent e goes with the suffix, so a verb and its past are one term.
    expect(['retire', 'retired', 'retiring', 'move', 'moved', 'agree', 'agreed', 'free'].map(stem)).toEqual(['retir', 'retir', 'retir', 'mov', 'mov', 'agree', 'agree', 'free']);
  });

  it('keeps content words and drops stop words and short tokens', () => {
    expect(contentWords("So we'll ship the new build on Monday")).toEqual(['ship', 'new', 'build', 'monday']);
  });

  it('gives British and American spellings one form, and leaves short words like "hour" and "flour" alone', () => {
    expect(contentWords('colours organised centre favourite')).toEqual(contentWords('colors organized center favorite'));
    expect(contentWords('hour four flour raise raised')).toEqual(['hour', 'four', 'flour', 'rais', 'rais']);
  });
});
