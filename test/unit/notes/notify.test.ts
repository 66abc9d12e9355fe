import type { MailMessage, UserRecord } from '../../../functions/core/accounts/ports.js';
import type { MeetingNotes } from '../../../functions/core/notes/model.js';
import { notifyNotesReady } from '../../../functions/core/notes/notify.js';
import { InMemoryMeetings, USERS } from '../meetings/in-memory.js';

const NOTES: MeetingNotes = {
  notes_id: 'n1', overview: 'We planned the launch.', summary: [], timestamp_ranges: [], decisions: [],
  action_items: [{ number: 1, content: 'Send the budget.', timestamp_range: { start_time: 1, end_time: 2 }, id: 'a1', stored_in_todoist: false, owner: null, due: null }],
};

async function setUp(emailNotes: boolean) {
  const meetings = new InMemoryMeetings();
  await meetings.create(
    { id: 'm 1', name: 'Launch sync', startTime: null, endTime: null, recordingAvailable: true, boardsShared: 0, createdAt: '2025-01-01T00:00:00Z', hostUserId: USERS.host.userId },
    { id: 'a', email: USERS.host.email, name: 'Host', role: 'host' },
  );
  const host = { id: USERS.host.userId, email: USERS.host.email, emailNotes } as UserRecord;
  const sent: MailMessage[] = [];
  const deps = { meetings, users: { findById: async (id: string) => (id === host.id ? host : undefined) }, mailer: { send: async (m: MailMessage) => { sent.push(m); } }, appUrl: 'https://app.example.com/' };
  return { deps, sent };
}

describe('notifyNotesReady', () => {
  it('mails the host a link to the meeting when e-mail notes are on', async () => {
    const { deps, sent } = await setUp(true);
    expect(await notifyNotesReady(deps, 'm 1', NOTES)).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(USERS.host.email);
    expect(sent[0]!.subject).toBe('Your meeting notes are ready: Launch sync');
    expect(sent[0]!.text).toContain('https://app.example.com/home/meeting/m%201');
    expect(sent[0]!.text).toContain('1. Send the budget.');
  });

  it('sends nothing when the host turned e-mail notes off', async () => {
    const { deps, sent } = await setUp(false);
    expect(await notifyNotesReady(deps, 'm 1', NOTES)).toBe(false);
    expect(sent).toEqual([]);
  });
});
