import type { MeetingView } from '../../../functions/contracts/meetings.js';
import type { ProcessingView } from '../../../functions/contracts/processing.js';
import { stillProcessing } from '../../../web/src/api/meetings/get-meetings.js';
import { DASHBOARD_OPERATIONS, meetingOptions } from '../../../web/src/features/meetings/permissions.js';
import { formatTimeLeft, processingLabel, steadyPercent } from '../../../web/src/features/meetings/processing-status.js';
import { changedSpeakerNames, orderedLabels, speakerNamesProblem } from '../../../web/src/features/transcript/speaker-names-rules.js';
import { activeLineIndex, parseTranscript } from '../../../web/src/features/transcript/transcript-text.js';
import { formatClock } from '../../../web/src/lib/time.js';
import { findMatches, markedParts, matchCount, searchableTexts, stepMatch } from '../../../web/src/features/transcript/transcript-find.js';

// The transcript's times are formatClock of web/src/lib/time.ts (issue 34: one home for time texts).
describe('formatClock in the transcript', () => {
  it('shows m:ss under an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(9.9)).toBe('0:09');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3599)).toBe('59:59');
  });

  it('shows H:mm:ss from an hour on', () => {
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(3600 + 7 * 60 + 3)).toBe('1:07:03');
    expect(formatClock(36_000)).toBe('10:00:00');
  });

  it('counts a negative time as 0:00', () => {
    expect(formatClock(-3)).toBe('0:00');
  });
});

describe('parseTranscript', () => {
  it('reads time, speaker and text from each [HH:mm:ss] line', () => {
    const text = '[00:00:03] Speaker 1: Good morning everyone.\n[00:01:05] Speaker 2: Thanks, let us start.\n[01:02:03] Speaker 1: Bye.\n';

    expect(parseTranscript(text)).toEqual([
      { start: 3, speaker: 'Speaker 1', text: 'Good morning everyone.' },
      { start: 65, speaker: 'Speaker 2', text: 'Thanks, let us start.' },
      { start: 3723, speaker: 'Speaker 1', text: 'Bye.' },
    ]);
  });

  it('keeps the text after the first colon as text', () => {
    expect(parseTranscript('[00:00:10] Ada: the ratio is 3: 4 today')).toEqual([{ start: 10, speaker: 'Ada', text: 'the ratio is 3: 4 today' }]);
  });

  it('matches a known name holding a colon whole', () => {
    const lines = parseTranscript('[00:00:10] Dr: Who: hello there', ['Dr: Who']);
    expect(lines).toEqual([{ start: 10, speaker: 'Dr: Who', text: 'hello there' }]);
  });

  it('joins a line without a time to the one before, and skips blank lines and CRLF endings', () => {
    const lines = parseTranscript('[00:00:01] Speaker 1: first part\r\nsecond part\r\n\r\n[00:00:09] Speaker 2: next\r\n');
    expect(lines).toEqual([{ start: 1, speaker: 'Speaker 1', text: 'first part second part' }, { start: 9, speaker: 'Speaker 2', text: 'next' }]);
  });

  it('answers no lines for an empty file', () => {
    expect(parseTranscript('')).toEqual([]);
    expect(parseTranscript('\n\n')).toEqual([]);
  });
});

describe('activeLineIndex', () => {
  const lines = parseTranscript('[00:00:02] A: one\n[00:00:10] B: two\n[00:00:30] A: three\n');

  it('is -1 before the first line starts', () => {
    expect(activeLineIndex(lines, 1.5)).toBe(-1);
  });

  it('is the last line started by then', () => {
    expect(activeLineIndex(lines, 2)).toBe(0);
    expect(activeLineIndex(lines, 29.9)).toBe(1);
    expect(activeLineIndex(lines, 500)).toBe(2);
  });
});

describe('speaker name rules', () => {
  const current = { 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Ada' };

  it('refuses unchanged names with the spec text, also when only spaces were added', () => {
    expect(speakerNamesProblem(current, { ...current })).toBe('Please edit the speaker names before clicking Update.');
    expect(speakerNamesProblem(current, { 'Speaker 1': ' Speaker 1 ', 'Speaker 2': 'Ada  ' })).toBe('Please edit the speaker names before clicking Update.');
  });

  it('requires every name', () => {
    expect(speakerNamesProblem(current, { 'Speaker 1': 'Grace', 'Speaker 2': '  ' })).toBe('Please enter a name for every speaker.');
  });

  it('accepts a changed name and sends only the changed label, tidied', () => {
    const edited = { 'Speaker 1': '  Grace   Hopper ', 'Speaker 2': 'Ada' };
    expect(speakerNamesProblem(current, edited)).toBeUndefined();
    expect(changedSpeakerNames(current, edited)).toEqual({ 'Speaker 1': 'Grace Hopper' });
  });

  it('orders labels by speaker number', () => {
    expect(orderedLabels({ 'Speaker 10': 'x', 'Speaker 2': 'y', 'Speaker 1': 'z' })).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 10']);
  });
});

const person = (id: string, email: string, role: 'host' | 'participant') => ({ id, name: email, role, email, emails: { id, email } });
function meeting(overrides: Partial<MeetingView> = {}): MeetingView {
  const host = person('a1', 'grace@example.com', 'host');
  return {
    id: 'm1', name: 'Weekly', start_time: '2025-01-01T10:00:00Z', end_time: '2025-01-01T10:01:00Z', attendee_count: 2, boards_shared: 0,
    recording_available: true, attendees: [host, person('a2', 'alan@example.com', 'participant')], hosts: [host], is_sample: false, ...overrides,
  };
}

describe('meeting menu by role (spec §6)', () => {
  it('gives the host of a recorded meeting the review options, share and delete', () => {
    expect(meetingOptions(meeting(), 'grace@example.com')).toEqual(['watchRecording', 'transcript', 'notes', 'sentiment', 'share', 'delete', 'search', 'feedback']);
  });

  it('gives a participant the same viewing options without share or delete', () => {
    expect(meetingOptions(meeting(), 'alan@example.com')).toEqual(['watchRecording', 'transcript', 'notes', 'sentiment', 'search', 'feedback']);
  });

  it('offers no transcript, notes or sentiment without a recording', () => {
    expect(meetingOptions(meeting({ recording_available: false }), 'grace@example.com')).toEqual(['share', 'delete', 'search', 'feedback']);
    expect(meetingOptions(meeting({ recording_available: false }), 'alan@example.com')).toEqual(['search', 'feedback']);
  });

  it('runs watchRecording, notes and transcript directly from /dashboard/{id}/{operation}', () => {
    expect([...DASHBOARD_OPERATIONS].sort()).toEqual(['notes', 'transcript', 'watchRecording']);
  });
});

const view = (overrides: Partial<ProcessingView>): ProcessingView => ({
  status: 'processing', step: 'Transcription', percent: 20, reason: null, too_short: false, duration_seconds: 60,
  minutes_charged: 1, transcript: 'processing', updated_at: '2025-01-01T10:00:00Z', ...overrides,
});

describe('steadyPercent', () => {
  it('never moves the bar back within a step, and starts afresh on a new step or run', () => {
    expect(steadyPercent(undefined, 'Transcription', 30)).toBe(30);
    expect(steadyPercent({ step: 'Transcription', percent: 31 }, 'Transcription', 30)).toBe(31);
    expect(steadyPercent({ step: 'Transcription', percent: 31 }, 'Transcription', 33)).toBe(33);
    expect(steadyPercent({ step: 'Transcription', percent: 88 }, 'StartProcessing', 1)).toBe(1);
  });
});

describe('processingLabel', () => {
  it('shows the percent while processing', () => {
    expect(processingLabel(view({ percent: 40 }))).toEqual({ text: 'Processing… 40 %', tone: 'pending', percent: 40 });
    expect(processingLabel(view({ percent: null })).text).toBe('Processing…');
  });

  it('names the stage the pipeline reports, its percent and the time left', () => {
    expect(processingLabel(view({ percent: 37, stage: 'Transcribing the speech', seconds_left: 370 }))).toEqual({
      text: 'Transcribing the speech… 37 % · about 6 min left', tone: 'pending', percent: 37,
    });
    expect(processingLabel(view({ percent: 95, stage: 'Building the transcript', seconds_left: 10 })).text).toBe('Building the transcript… 95 % · about 10 s left');
    expect(formatTimeLeft(3900)).toBe('about 1 h 5 min left');
  });

  it('says queued, ready (and too short) and failed with the reason', () => {
    expect(processingLabel(view({ status: 'queued', transcript: 'queued' })).text).toBe('Queued for processing');
    expect(processingLabel(view({ status: 'ready', transcript: 'ready' }))).toEqual({ text: 'Transcript ready', tone: 'ready' });
    expect(processingLabel(view({ status: 'ready', transcript: 'ready', too_short: true })).text).toBe('Transcript ready (under 30 s of speech)');
    expect(processingLabel(view({ status: 'failed', reason: 'The file is not audio or video.' }))).toEqual({ text: 'Failed: The file is not audio or video.', tone: 'failed' });
  });
});

describe('stillProcessing (list refresh)', () => {
  it('refreshes for a queued or running meeting and for a recording not yet reported', () => {
    expect(stillProcessing(meeting({ processing: view({ status: 'queued' }) }))).toBe(true);
    expect(stillProcessing(meeting({ processing: view({}) }))).toBe(true);
    expect(stillProcessing(meeting())).toBe(true);
  });

  it('stops once ready or failed, and never polls for a meeting without a recording, in session, or a sample', () => {
    expect(stillProcessing(meeting({ processing: view({ status: 'ready' }) }))).toBe(false);
    expect(stillProcessing(meeting({ processing: view({ status: 'failed' }) }))).toBe(false);
    expect(stillProcessing(meeting({ recording_available: false }))).toBe(false);
    expect(stillProcessing(meeting({ end_time: null }))).toBe(false);
    expect(stillProcessing(meeting({ is_sample: true }))).toBe(false);
  });
});

describe('transcript find rules', () => {
  it('finds every occurrence, case and accents ignored, in reading order; none for a blank query', () => {
    expect(findMatches(['Café au lait', 'the CAFE opens', ''], 'cafe')).toEqual([{ line: 0, start: 0, end: 4 }, { line: 1, start: 4, end: 8 }]);
    expect(findMatches(['aaaa'], 'aa')).toEqual([{ line: 0, start: 0, end: 2 }, { line: 0, start: 2, end: 4 }]);
    expect(findMatches(['anything'], '   ')).toEqual([]);
  });

  it('counts "3 of 12", says when nothing matched, and steps round both ways', () => {
    expect(matchCount('x', 12, 2)).toBe('3 of 12');
    expect(matchCount('x', 0, 0)).toBe('No matches');
    expect(matchCount(' ', 0, 0)).toBe('');
    expect([stepMatch(11, 12, 1), stepMatch(0, 12, -1), stepMatch(0, 0, 1)]).toEqual([0, 11, 0]);
  });

  it('cuts a word of a line into plain and marked runs by the line\'s offsets, the current match marked apart', () => {
    const matches = findMatches(['the budget is ready'], 'budget is');
    // "budget" starts at 4 of the line; the word "is" at 11.
    expect(markedParts('budget', 4, matches, matches[0])).toEqual([{ text: 'budget', mark: 'current' }]);
    expect(markedParts('is', 11, matches)).toEqual([{ text: 'is', mark: 'match' }]);
    expect(markedParts('ready', 14, matches)).toEqual([{ text: 'ready', mark: 'none' }]);
    expect(markedParts('the budget', 0, findMatches(['the budget'], 'udg'))).toEqual([
      { text: 'the b', mark: 'none' }, { text: 'udg', mark: 'match' }, { text: 'et', mark: 'none' },
    ]);
  });

  it('searches the words a line shows when their times are known, else its text', () => {
    const lines = [{ text: 'Hello there.' }, { text: 'Bye.' }];
    expect(searchableTexts(lines, [[{ text: 'Hello' }, { text: 'there.' }], []])).toEqual(['Hello there.', 'Bye.']);
    expect(searchableTexts(lines, [[{ text: 'Hi' }]])).toEqual(['Hello there.', 'Bye.']);
  });
});
