import { errorRate, normalizeWords, spellNumber, spellOrdinal, spellYear, sumWerCounts, wer, wordErrors } from '../../../local/engines/wer.js';

describe('normalizeWords', () => {
  it('lower-cases, drops punctuation, keeps inner apostrophes and splits hyphens', () => {
    expect(normalizeWords('And so, my fellow Americans: "forty-two line Bible" don\'t!')).toEqual(['and', 'so', 'my', 'fellow', 'americans', 'forty', 'two', 'line', 'bible', "don't"]);
  });

  it('spells digits the way the references do', () => {
    expect(normalizeWords('by 25 to 30 year')).toEqual(['by', 'twenty', 'five', 'to', 'thirty', 'year']);
    expect(spellNumber(1455)).toBe('one thousand four hundred fifty five');
  });

  it('spells four-digit numbers as years, as speech says them', () => {
    expect(spellYear(1455)).toBe('fourteen fifty five');
    expect(spellYear(1900)).toBe('nineteen hundred');
    expect(spellYear(1905)).toBe('nineteen oh five');
    expect(spellYear(2024)).toBe('twenty twenty four');
    expect(spellYear(2005)).toBe('two thousand five');
    expect(normalizeWords('the Bible of about 1455.')).toEqual(normalizeWords('the Bible of about fourteen fifty-five'));
    expect(normalizeWords('1455')).not.toContain('thousand');
  });

  it('maps common British spellings to American ones', () => {
    expect(normalizeWords('His belly COUNSELLED him; the colour of the centre')).toEqual(['his', 'belly', 'counseled', 'him', 'the', 'color', 'of', 'the', 'center']);
    expect(normalizeWords('four hours in our tour')).toEqual(['four', 'hours', 'in', 'our', 'tour']);
  });
});

describe('wordErrors', () => {
  it('counts substitutions, deletions and insertions on a hand-aligned case', () => {
    // ref: a b c d ; hyp: a x c d e  → 1 substitution (b→x), 1 insertion (e)
    expect(wordErrors(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e'])).toEqual({ substitutions: 1, deletions: 0, insertions: 1, referenceWords: 4 });
    expect(wordErrors(['a', 'b', 'c'], ['a'])).toEqual({ substitutions: 0, deletions: 2, insertions: 0, referenceWords: 3 });
  });

  it('gives 0 for an identical transcript after normalisation and 1 for an empty hypothesis', () => {
    expect(wer('Ask not what your country can do for you.', 'ask NOT what your country can do for you')).toBe(0);
    expect(wer('one two three four', '')).toBe(1);
    expect(errorRate({ substitutions: 1, deletions: 1, insertions: 1, referenceWords: 6 })).toBeCloseTo(0.5);
  });
});

describe('ordinals', () => {
  it('spells ordinals as the references do', () => {
    expect(spellOrdinal(15)).toBe('fifteenth');
    expect(spellOrdinal(21)).toBe('twenty first');
    expect(spellOrdinal(40)).toBe('fortieth');
    expect(spellOrdinal(12)).toBe('twelfth');
    expect(normalizeWords('the 15th century, the 2nd time')).toEqual(['the', 'fifteenth', 'century', 'the', 'second', 'time']);
  });
});

describe('sumWerCounts', () => {
  it('adds several transcripts\' counts, so their pooled rate weighs each by its length', () => {
    const a = wordErrors(normalizeWords('one two three four'), normalizeWords('one two three'));
    const b = wordErrors(normalizeWords('five six'), normalizeWords('five seven six'));
    expect(sumWerCounts([a, b])).toEqual({ substitutions: 0, deletions: 1, insertions: 1, referenceWords: 6 });
    expect(errorRate(sumWerCounts([a, b]))).toBeCloseTo(2 / 6);
    expect(sumWerCounts([])).toEqual({ substitutions: 0, deletions: 0, insertions: 0, referenceWords: 0 });
  });
});
