import { matchName } from '../../../functions/core/meetings/name-search.js';

describe('matchName', () => {
  it.each([
    ['Weekly Planning', 'plan', ['Planning']],
    ['Weekly Planning', 'WEEK plan', ['Weekly', 'Planning']],
    ['Q3 roadmap: pricing & plans', 'pri q3', ['pricing', 'Q3']],
    ['Café review', 'caf', ['Café']],
    ['Plan the plan', 'plan', ['Plan', 'plan']],
  ])('matches %s for %s', (name, query, expected) => {
    expect(matchName(name, query)).toEqual(expected);
  });

  it.each([
    ['Weekly Planning', 'lanning'],
    ['Weekly Planning', 'plan budget'],
    ['Weekly Planning', '   '],
    ['Weekly Planning', '!!'],
  ])('does not match %s for %j', (name, query) => {
    expect(matchName(name, query)).toBeUndefined();
  });
});
