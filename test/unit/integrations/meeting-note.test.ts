import { chooseProject, renderMeetingNote } from '../../../functions/core/integrations/meeting-note.js';

const meeting = { id: 'm 1', name: 'Launch review', appUrl: 'https://app.test/', startedAt: '2026-11-20T09:00:00Z' };

describe('the meeting note', () => {
  it('holds overview, summary, decisions and action items with owners and due dates, and links back', () => {
    const note = renderMeetingNote({
      overview: 'Ana and Ben reviewed the launch.',
      summary: ['The beta starts Monday.', 'Pricing stays.'],
      decisions: ['Ship on the 1st.'],
      action_items: [{ content: 'send the deck', owner: 'Ana', due: 'Friday' }, { content: 'Ben: book the room', owner: 'Ben' }, { content: 'Update the FAQ' }],
    }, meeting);
    expect(note.title).toBe('Meeting notes: Launch review (2026-11-20)');
    expect(note.content).toBe([
      'Ana and Ben reviewed the launch.', '',
      'Summary', '- The beta starts Monday.', '- Pricing stays.', '',
      'Decisions', '- Ship on the 1st.', '',
      'Action items', '- Ana: send the deck (due Friday)', '- Ben: book the room', '- Update the FAQ', '',
      'Open the meeting in MeetScribe: https://app.test/dashboard/m%201/notes',
    ].join('\n'));
  });

  it('leaves out empty sections', () => {
    const note = renderMeetingNote({ overview: '', summary: [], action_items: [] }, { ...meeting, startedAt: undefined });
    expect(note).toEqual({ title: 'Meeting notes: Launch review', content: 'Open the meeting in MeetScribe: https://app.test/dashboard/m%201/notes' });
  });
});

describe('the project a note goes to', () => {
  const projects = [{ id: '1', title: 'General' }, { id: '2', title: 'Meetings' }];
  it('is the chosen one while it exists, else the first', () => {
    expect(chooseProject(projects, '2')?.title).toBe('Meetings');
    expect(chooseProject(projects, '9')?.title).toBe('General');
    expect(chooseProject(projects)?.title).toBe('General');
    expect(chooseProject([], '1')).toBeUndefined();
  });
});
