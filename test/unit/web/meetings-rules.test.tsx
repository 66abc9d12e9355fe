import { SHARE_MESSAGE_MAX, type MeetingView } from '../../../functions/contracts/meetings.js';
import { humanizeDuration, IN_SESSION, meetingDuration } from '../../../web/src/features/meetings/duration.js';
import { pageCount, pageWindow, type PageItem } from '../../../web/src/components/page-window.js';
import { canBulkShare, canManage, meetingOptions, sharedWithCount } from '../../../web/src/features/meetings/permissions.js';
import { addChips, messageLimitNotice, messageProblem, recipientsProblem, SHARE_MESSAGES, shareLink } from '../../../web/src/features/share/share-rules.js';

const minutes = (n: number) => n * 60_000;

describe('humanizeDuration', () => {
  it.each([
    [45_000, '45 seconds'],
    [1_000, '1 second'],
    [minutes(1), '1 minute'],
    [minutes(3), '3 minutes'],
    [148_000, '2 minutes'],
    [minutes(60), '1 hour'],
    [minutes(65), '1 hour 5 minutes'],
    [minutes(61), '1 hour 1 minute'],
    [minutes(150) + 40_000, '2 hours 31 minutes'],
  ])('writes %i ms as "%s"', (ms, text) => {
    expect(humanizeDuration(ms)).toBe(text);
  });
});

describe('meetingDuration', () => {
  it('says "In session" when the meeting has no end time', () => {
    expect(meetingDuration('2025-01-01T10:00:00Z', null)).toBe(IN_SESSION);
  });

  it('humanizes the time between start and end', () => {
    expect(meetingDuration('2025-01-01T10:00:00Z', '2025-01-01T11:05:00Z')).toBe('1 hour 5 minutes');
  });
});

const pages = (items: PageItem[]) => items.map((item) => (item.kind === 'page' ? item.page : '…'));

describe('pageWindow', () => {
  it('shows every page when they fit in the window and the margins', () => {
    expect(pages(pageWindow(1, 7, 5))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows 5 pages around the current one, 1 margin page at each end and breaks between', () => {
    expect(pages(pageWindow(10, 20, 5))).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20]);
  });

  it('keeps the window inside the pages at both ends', () => {
    expect(pages(pageWindow(1, 20, 5))).toEqual([1, 2, 3, 4, 5, '…', 20]);
    expect(pages(pageWindow(20, 20, 5))).toEqual([1, '…', 16, 17, 18, 19, 20]);
  });

  it('shows 2 pages around the current one on narrower screens', () => {
    expect(pages(pageWindow(10, 20, 2))).toEqual([1, '…', 9, 10, '…', 20]);
  });

  it('counts pages of 9 meetings, at least one', () => {
    expect(pageCount(0, 9)).toBe(1);
    expect(pageCount(9, 9)).toBe(1);
    expect(pageCount(10, 9)).toBe(2);
  });
});

function meeting(overrides: Partial<MeetingView> = {}): MeetingView {
  const host = { id: 'a1', name: 'Grace', role: 'host' as const, email: 'grace@example.com', emails: { id: 'a1', email: 'grace@example.com' } };
  const guest = { id: 'a2', name: 'Alan', role: 'participant' as const, email: 'alan@example.com', emails: { id: 'a2', email: 'alan@example.com' } };
  return {
    id: 'm1', name: 'Weekly', start_time: '2025-01-01T10:00:00Z', end_time: null, attendee_count: 2, boards_shared: 0,
    recording_available: true, attendees: [host, guest], hosts: [host], is_sample: false, ...overrides,
  };
}

describe('meetingOptions', () => {
  it('gives the host of a recorded meeting Watch Recording, Transcript, Notes, Sentiment Analysis, Share, Delete and Submit Feedback', () => {
    expect(meetingOptions(meeting(), 'Grace@Example.com')).toEqual(['watchRecording', 'transcript', 'notes', 'sentiment', 'share', 'delete', 'search', 'feedback']);
  });

  it('gives a participant of a recorded meeting the viewing options and Submit Feedback', () => {
    expect(meetingOptions(meeting(), 'alan@example.com')).toEqual(['watchRecording', 'transcript', 'notes', 'sentiment', 'search', 'feedback']);
  });

  it('leaves out the recording, transcript, notes and sentiment options when there is no recording', () => {
    expect(meetingOptions(meeting({ recording_available: false }), 'grace@example.com')).toEqual(['share', 'delete', 'search', 'feedback']);
    expect(meetingOptions(meeting({ recording_available: false }), 'alan@example.com')).toEqual(['search', 'feedback']);
  });

  it('offers transcript, notes and sentiment but no recording for a meeting with an imported transcript', () => {
    const imported = meeting({ recording_available: false, processing: { status: 'ready', step: 'Finalize', percent: 100, reason: null, too_short: false, duration_seconds: 54, minutes_charged: 0, transcript: 'ready', updated_at: '2026-03-01T10:00:00.000Z' } });
    expect(meetingOptions(imported, 'grace@example.com')).toEqual(['transcript', 'notes', 'sentiment', 'share', 'delete', 'search', 'feedback']);
  });

  it('treats a sample meeting as read-only even for its host', () => {
    expect(meetingOptions(meeting({ is_sample: true }), 'grace@example.com')).toEqual(['watchRecording', 'transcript', 'notes', 'sentiment', 'search', 'feedback']);
    expect(canManage(meeting({ is_sample: true }), 'grace@example.com')).toBe(false);
  });

  it('gives nothing but viewing while the user is still unknown', () => {
    expect(meetingOptions(meeting(), undefined)).toEqual(['watchRecording', 'transcript', 'notes', 'sentiment', 'search', 'feedback']);
  });
});

describe('canBulkShare', () => {
  it('allows a selection the user hosts entirely', () => {
    expect(canBulkShare([meeting(), meeting({ id: 'm2' })], 'grace@example.com')).toBe(true);
  });

  it('refuses an empty selection and one with a meeting the user does not host', () => {
    const other = meeting({ id: 'm3', hosts: [], attendees: [] });
    expect(canBulkShare([], 'grace@example.com')).toBe(false);
    expect(canBulkShare([meeting(), other], 'grace@example.com')).toBe(false);
  });
});

describe('sharedWithCount', () => {
  it('counts the attendees minus the host, never below 0', () => {
    expect(sharedWithCount(meeting({ attendee_count: 3 }))).toBe(2);
    expect(sharedWithCount(meeting({ attendee_count: 0 }))).toBe(0);
  });
});

describe('addChips', () => {
  it('adds a valid address, lower-cased, and clears the input', () => {
    expect(addChips([], ' Ada@Example.com ')).toEqual({ emails: ['ada@example.com'], rest: '' });
  });

  it('splits pasted text on spaces and commas and skips duplicates', () => {
    expect(addChips(['a@example.com'], 'b@example.com, a@example.com c@example.com').emails)
      .toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });

  it('keeps an invalid address in the input with the invalid-address message', () => {
    expect(addChips([], 'ok@example.com nope@')).toEqual({
      emails: ['ok@example.com'],
      rest: 'nope@',
      error: 'The email address you entered is invalid. Please double-check it. Remember to remove any extra spaces.',
    });
  });
});

describe('share messages', () => {
  it('asks for at least one address when there is none', () => {
    expect(recipientsProblem([], '')).toBe('Please enter at least one email address.');
  });

  it('asks to hit return when an address was typed but not confirmed', () => {
    expect(recipientsProblem(['a@example.com'], 'b@example.com')).toBe('Hit the return key after entering an email address.');
  });

  it('has no recipients problem with confirmed addresses and an empty input', () => {
    expect(recipientsProblem(['a@example.com'], '  ')).toBeUndefined();
  });

  it('shows the character limit once the message reaches 2000 characters, without blocking a message of exactly 2000', () => {
    expect(messageLimitNotice('x'.repeat(SHARE_MESSAGE_MAX - 1))).toBeUndefined();
    expect(messageLimitNotice('x'.repeat(SHARE_MESSAGE_MAX))).toBe('You have reached the maximum character limit.');
    expect(messageProblem('x'.repeat(SHARE_MESSAGE_MAX))).toBeUndefined();
    expect(messageProblem('x'.repeat(SHARE_MESSAGE_MAX + 1))).toBe('You have reached the maximum character limit.');
  });

  it('words the failure as the spec does', () => {
    expect(SHARE_MESSAGES.failed).toBe('There was an error processing your request.');
  });

  it('builds the share link under /home/meeting/', () => {
    expect(shareLink('https://app.example', 'm 1')).toBe('https://app.example/home/meeting/m%201');
  });
});
