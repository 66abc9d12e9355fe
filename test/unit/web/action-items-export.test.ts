import type { ActionItemRow } from '../../../functions/contracts/action-items.js';
import { toCsv, toMarkdown } from '../../../web/src/features/action-items/export.js';

const row = (fields: Partial<ActionItemRow>): ActionItemRow => ({
  id: 'i-1', meeting_id: 'm-1', meeting_name: 'Weekly sync', meeting_date: '2025-03-05T15:00:00.000Z', number: 1, content: 'Send the deck',
  owner: 'Ana', due: 'Friday', due_date: '2025-03-07', status: 'open', timestamp_range: { start_time: 75.4, end_time: 80 }, stored_in_todoist: false,
  can_edit: true, can_toggle: true, ...fields,
});

describe('exporting the filtered ledger', () => {
  it('writes a CSV with a header, quoting commas and quotes, and defusing spreadsheet formulas', () => {
    const csv = toCsv([row({}), row({ id: 'i-2', content: 'Say "hi", then =SUM(A1)', owner: null, due: null, due_date: null, status: 'done' }), row({ content: '=HYPERLINK("x")' })]);
    expect(csv.split('\r\n')).toEqual([
      'Task,Owner,Due date,Due (as said),Status,Meeting,Meeting date,Moment (s)',
      'Send the deck,Ana,2025-03-07,Friday,open,Weekly sync,2025-03-05,75',
      '"Say ""hi"", then =SUM(A1)",,,,done,Weekly sync,2025-03-05,75',
      `"'=HYPERLINK(""x"")",Ana,2025-03-07,Friday,open,Weekly sync,2025-03-05,75`,
      '',
    ]);
  });

  it('writes a Markdown checklist grouped by meeting, with done items ticked and markup escaped', () => {
    const md = toMarkdown([row({}), row({ id: 'i-2', content: 'Fix *the* [build]', status: 'done', owner: null, due_date: null, due: 'after the launch' }),
      row({ id: 'i-3', meeting_id: 'm-2', meeting_name: 'Budget', meeting_date: '2025-02-20T10:00:00.000Z', due_date: null, due: null })]);
    expect(md).toBe([
      '# Action items', '',
      '## Weekly sync (2025-03-05)', '',
      '- [ ] Send the deck — Ana, due 2025-03-07',
      '- [x] Fix \\*the\\* \\[build\\] — due after the launch', '',
      '## Budget (2025-02-20)', '',
      '- [ ] Send the deck — Ana', '',
    ].join('\n'));
  });
});
