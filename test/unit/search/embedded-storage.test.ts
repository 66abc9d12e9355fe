import type { FrameDoc, SegmentDoc } from '../../../functions/core/search/model.js';
import { FrameColumns, SegmentColumns } from '../../../functions/adapters/search-index/meeting-documents.js';
import { SharedTextIndex } from '../../../functions/adapters/search-index/shared-text-index.js';

const segment = (position: number, speaker: string, text: string): SegmentDoc => ({
  meetingId: 'm1', createdAt: '2025-03-01T09:00:00.000Z', position, start: position * 10 + 0.37, end: position * 10 + 7.91, speaker,
  words: text.split(' ').map((w, i) => ({ text: w, start: position * 10 + 0.37 + i * 0.61 })),
});
const frame = (position: number, text: string): FrameDoc => ({
  meetingId: 'm1', createdAt: '2025-03-01T09:00:00.000Z', position, timestamp: position * 30.5, imageKey: `f/${position}.jpg`, thumbnailKey: `f/${position}.t.jpg`,
  width: 1280, height: 720,
  words: text.split(' ').map((w, i) => ({ text: w, confidence: 97.31 - i, box: { left: i * 0.1, top: 0.123456789, width: 1 / 3, height: 0.05 } })),
});

describe('SegmentColumns and FrameColumns', () => {
  it('give back every segment and frame exactly as stored', () => {
    const segments = [segment(0, 'spk_0', 'Hello, team.'), segment(1, 'spk_2', 'Budget is due Friday'), segment(2, 'spk_0', 'ok')];
    const frames = [frame(0, 'Agenda'), frame(1, 'Q3 Budget review — draft')];
    const spoken = new SegmentColumns('m1', segments);
    const shown = new FrameColumns('m1', frames);
    expect(spoken.all()).toEqual(segments);
    expect(shown.all()).toEqual(frames);
    expect(spoken.get(1)).toEqual(segments[1]);
    expect(spoken.rank(2)).toEqual({ meetingId: 'm1', createdAt: segments[2].createdAt, time: segments[2].start, position: 2 });
    expect(shown.rank(1)).toEqual({ meetingId: 'm1', createdAt: frames[1].createdAt, time: frames[1].timestamp, position: 1 });
    expect(spoken.texts()).toEqual(['Hello, team.', 'Budget is due Friday', 'ok']);
  });

  it('hold nothing without documents', () => {
    expect(new SegmentColumns('m1', []).all()).toEqual([]);
    expect(new FrameColumns('m1', []).count).toBe(0);
  });
});

describe('SharedTextIndex', () => {
  const a = { name: 'a' };
  const b = { name: 'b' };

  it('finds documents of the asked owners only, with their positions', () => {
    const index = new SharedTextIndex<object>();
    index.add(a, ['budget review', 'lunch plans', 'budget cuts']);
    index.add(b, ['budget forecast']);
    const found = index.match(['budget'], new Set([a])).map((m) => [m.owner, m.position]).sort();
    expect(found).toEqual([[a, 0], [a, 2]]);
    expect(index.match(['budget'], new Set([b])).map((m) => [m.owner, m.position])).toEqual([[b, 0]]);
    expect(index.match(['budget'], new Set())).toEqual([]);
  });

  it('needs every term to start a word of the same document and counts whole-word matches', () => {
    const index = new SharedTextIndex<object>();
    index.add(a, ['printing history', 'printer broken', 'history of printing']);
    const found = index.match(['print', 'history'], new Set([a])).sort((x, y) => x.position - y.position);
    expect(found.map((m) => [m.position, m.exact])).toEqual([[0, 1], [2, 1]]);
  });

  it('finds every word a prefix begins, and only those, among words sorted around it', () => {
    const index = new SharedTextIndex<object>();
    index.add(a, ['prism', 'print', 'printer ink', 'pro printing', 'sprint', 'pri', 'prj']);

    const found = index.match(['prin'], new Set([a])).map((m) => [m.position, m.exact]).sort();

    expect(found).toEqual([[1, 0], [2, 0], [3, 0]]);
    expect(index.match(['pri'], new Set([a])).map((m) => [m.position, m.exact]).sort()).toEqual([[0, 0], [1, 0], [2, 0], [3, 0], [5, 1]]);
    expect(index.match(['printing', 'pro'], new Set([a])).map((m) => [m.position, m.exact])).toEqual([[3, 2]]);
    expect(index.match(['zz'], new Set([a]))).toEqual([]);
  });

  it('forgets a removed owner and indexes its replacement', () => {
    const index = new SharedTextIndex<object>();
    index.add(a, ['budget review']);
    index.remove(a);
    expect(index.match(['budget'], new Set([a]))).toEqual([]);
    const replacement = { name: 'a2' };
    index.add(replacement, ['new words', 'budget again']);
    expect(index.match(['budget'], new Set([a, replacement])).map((m) => [m.owner, m.position])).toEqual([[replacement, 1]]);
    expect(() => index.add(replacement, [])).toThrow('Owner already indexed');
    expect(() => index.remove({})).not.toThrow();
  });
});
