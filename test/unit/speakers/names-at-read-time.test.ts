import { searchAudio, type SearchPorts } from '../../../functions/core/search/search-calls.js';

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
