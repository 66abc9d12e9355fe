import { contentWords, stem } from '../../../functions/core/notes/text.js';

describe('notes text helpers', () => {
  it('strips plural and verb endings so related words meet', () => {
    expect(['crashes', 'crash', 'reported', 'meetings', 'companies', 'class'].map(stem)).toEqual(['crash', 'crash', 'report', 'meeting', 'company', 'class']);
  });

  it('keeps content words and drops stop words and short tokens', () => {
    expect(contentWords("So we'll ship the new build on Monday")).toEqual(['ship', 'new', 'build', 'monday']);
  });
});
