import { parseDueString } from '../../../local/todoist/due-dates.js';

// Monday 2026-11-23
const now = new Date('2026-11-23T10:00:00Z');

describe('local Todoist due_string parsing', () => {
  it.each([
    ['today', '2026-11-23'], ['tomorrow', '2026-11-24'], ['friday', '2026-11-27'], ['by Friday', '2026-11-27'],
    ['next monday', '2026-11-30'], ['monday', '2026-11-30'], ['end of week', '2026-11-27'], ['next week', '2026-11-30'],
    ['2026-12-01', '2026-12-01'], ['December 3rd', '2026-12-03'], ['january 5', '2027-01-05'],
  ])('reads %s as %s', (text, date) => {
    expect(parseDueString(text, now)).toBe(date);
  });

  it.each(['whenever', 'soonish', '2026-02-30', 'february 30', ''])('does not understand %p', (text) => {
    expect(parseDueString(text, now)).toBeUndefined();
  });
});
