import { parseDueDate } from '../../../functions/core/action-items/due-date.js';

// A Wednesday.
const MEETING = '2025-03-05T15:00:00.000Z';

describe('parseDueDate', () => {
  it.each([
    ['Friday', '2025-03-07'],
    ['by Friday', '2025-03-07'],
    ['Friday morning', '2025-03-07'],
    ['Wednesday', '2025-03-12'],
    ['next Friday', '2025-03-14'],
    ['next Monday', '2025-03-10'],
    ['today', '2025-03-05'],
    ['tonight', '2025-03-05'],
    ['tomorrow', '2025-03-06'],
    ['tomorrow afternoon', '2025-03-06'],
    ['end of the week', '2025-03-07'],
    ['EOW', '2025-03-07'],
    ['next week', '2025-03-10'],
    ['end of next week', '2025-03-14'],
    ['end of the month', '2025-03-31'],
    ['the end of this month', '2025-03-31'],
    ['end of next month', '2025-04-30'],
    ['next month', '2025-04-01'],
    ['end of the quarter', '2025-03-31'],
    ['end of the year', '2025-12-31'],
    ['the fifteenth of March', '2025-03-15'],
    ['March 3rd', '2026-03-03'],
    ['April the twenty-first', '2025-04-21'],
    ['the 20th', '2025-03-20'],
    ['the second', '2025-04-02'],
    ['3 pm', '2025-03-05'],
  ])('reads "%s" said on Wednesday 5 March 2025 as %s', (due, date) => {
    expect(parseDueDate(due, MEETING)).toBe(date);
  });

  it('reads a bare weekday said on that weekday as the same day next week', () => {
    expect(parseDueDate('Friday', '2025-03-07')).toBe('2025-03-14');
  });

  it.each(['after the launch', 'this sprint', 'asap', 'soon', '42', ''])('gives no date for the unclear "%s"', (due) => {
    expect(parseDueDate(due, MEETING)).toBeNull();
  });

  it('gives no date without a due text or a meeting date', () => {
    expect(parseDueDate(null, MEETING)).toBeNull();
    expect(parseDueDate('Friday', 'not a date')).toBeNull();
  });
});
