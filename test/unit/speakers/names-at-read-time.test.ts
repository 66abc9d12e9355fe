import { searchAudio, type SearchPorts } from '../../../functions/core/search/search-calls.js';
import { notesWithCurrentNames, sentimentsWithNames } from '../../../functions/core/speakers/named-reads.js';
import { nameOf, renameInText, renames } from '../../../functions/core/speakers/resolve-names.js';
import { namedTurns } from '../../../functions/core/ask/indexing.js';
import type { MeetingNotes } from '../../../functions/core/notes/model.js';

describe('speaker names in voice search hits', () => {
  it('carry the name the meeting has now, read at query time, so a rename shows without reindexing', async () => {
    let names: Record<string, string> = { 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Priya' };
    const segment = (speaker: string) => ({ meetingId: 'm1', createdAt: '2026-11-20T10:00:00Z', position: 0, start: 3, end: 6, speaker, words: [{ text: 'budget', start: 3 }] });
    const ports = {
      meetings: { listAccess: async () => [{ meetingId: 'm1', createdAt: '2026-11-20T10:00:00Z' }], findMeetings: async () => [] },
      index: {
        searchSegments: async () => ({ total: 2, hits: [segment('spk_0'), segment('spk_1')] }),
        findMeetings: async () => [{ meetingId: 'm1', name: 'Weekly sync' }],
      },
      images: { presignDownload: async () => '' },
      speakerNames: async () => names,
    } as unknown as SearchPorts;
    const caller = { userId: 'u', email: 'host@example.com' } as never;

    const first = await searchAudio(ports, caller, { query: 'budget', page: 1, pageSize: 10 });
    names = { 'Speaker 1': 'Tom', 'Speaker 2': 'Priya' };
    const second = await searchAudio(ports, caller, { query: 'budget', page: 1, pageSize: 10 });

    expect(first.matched_data.map((h) => [h.speaker, h.speaker_name])).toEqual([['spk_0', 'Speaker 1'], ['spk_1', 'Priya']]);
    expect(second.matched_data.map((h) => h.speaker_name)).toEqual(['Tom', 'Priya']);
  });
});

describe('the speaker name resolver', () => {
  it('reads a label as spk_N or Speaker N and falls back to the display label', () => {
    const names = { 'Speaker 1': 'Ann', 'Speaker 2': 'Speaker 2' };

    expect([nameOf(names, 'spk_0'), nameOf(names, 'Speaker 1'), nameOf(names, 'spk_1'), nameOf(names, 'spk_4')]).toEqual(['Ann', 'Ann', 'Speaker 2', 'Speaker 5']);
  });

  it('replaces whole names in one pass: swapped names do not chain and Speaker 1 is not the start of Speaker 10', () => {
    const changes = renames({ 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Bob', 'Speaker 3': 'Ann' }, { 'Speaker 1': 'Tom', 'Speaker 2': 'Ann', 'Speaker 3': 'Bob' });

    expect(renameInText('Speaker 1 asked Bob; Ann and Speaker 10 agreed. Bobby left.', changes)).toBe('Tom asked Ann; Bob and Speaker 10 agreed. Bobby left.');
  });

  it('leaves a name two speakers shared when only one of them is renamed', () => {
    expect(renames({ 'Speaker 1': 'Ann', 'Speaker 2': 'Ann' }, { 'Speaker 1': 'Ann', 'Speaker 2': 'Raj' })).toEqual(new Map());
    expect(renames({ 'Speaker 1': 'Ann', 'Speaker 2': 'Ann' }, { 'Speaker 1': 'Anna', 'Speaker 2': 'Anna' })).toEqual(new Map([['Ann', 'Anna']]));
  });

  it('gives Ask passages the current names of the transcript labels', () => {
    const document = { turns: [{ speaker: 'Speaker 1', speakerLabel: 'spk_0', text: 'Hello', start: 0, end: 1 }] } as never;

    expect(namedTurns(document, { 'Speaker 1': 'Priya' })).toEqual([{ speaker: 'Priya', text: 'Hello', start: 0, end: 1 }]);
  });
});

describe('notes and sentiment read under the current names', () => {
  const item = (content: string, owner: string | null) => ({
    number: 1, content, owner, due: null, id: 'i1', stored_in_todoist: false, timestamp_range: { start_time: 0, end_time: 1 },
  });
  const notes: MeetingNotes = {
    notes_id: 'n', overview: 'Speaker 1 and Raj Patel discussed the launch.', summary: ['Raj Patel reported a crash.'],
    action_items: [item('Raj Patel: fix the payment crash', 'Raj Patel'), { ...item('Book the venue', null), id: 'i2' }],
    timestamp_ranges: [{ start_time: 0, end_time: 1 }], decisions: [{ content: 'Speaker 1 decided to launch in May.', timestamp_range: { start_time: 0, end_time: 1 } }],
    chapters: [{ title: 'Launch', start_time: 0, end_time: 9, turns: [0, 2], speakers: ['Speaker 1', 'Raj Patel'], slide: null }],
    speaker_names: { 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Raj Patel' },
  };

  it('replaces every renamed speaker in overview, summary, decisions, action items, owners and chapters', () => {
    const shown = notesWithCurrentNames(notes, { 'Speaker 1': 'Ann Lee', 'Speaker 2': 'Rajesh Patel' });

    expect(shown.overview).toBe('Ann Lee and Rajesh Patel discussed the launch.');
    expect(shown.summary).toEqual(['Rajesh Patel reported a crash.']);
    expect(shown.decisions?.[0]?.content).toBe('Ann Lee decided to launch in May.');
    expect(shown.action_items.map((i) => [i.content, i.owner])).toEqual([['Rajesh Patel: fix the payment crash', 'Rajesh Patel'], ['Book the venue', null]]);
    expect(shown.chapters?.[0]?.speakers).toEqual(['Ann Lee', 'Rajesh Patel']);
  });

  it('reads notes made before the names were recorded as written with the labels', () => {
    const { speaker_names: _none, ...older } = notes;

    expect(notesWithCurrentNames(older, { 'Speaker 1': 'Ann Lee', 'Speaker 2': 'Raj Patel' }).overview).toBe('Ann Lee and Raj Patel discussed the launch.');
  });

  it('gives each sentiment item and speaker its current name', () => {
    const answer = {
      status: 'ready' as const,
      sentiments_data: [{ start_time: 0, end_time: 1, sentiment_score: 0.5, sentiment: 'positive' as const, speaker_label: 'spk_1', emotions: [], content: 'Great' }],
      speakers: [{ speaker_label: 'spk_0', sentences: 1, mean_score: 0, first_quarter_mean: null, last_quarter_mean: null, trend: null }],
    };

    const shown = sentimentsWithNames(answer, { 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Priya' });

    expect(shown.sentiments_data[0]?.speaker_name).toBe('Priya');
    expect(shown.speakers[0]?.speaker_name).toBe('Speaker 1');
  });
});
