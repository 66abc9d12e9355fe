import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedSearchIndex } from '../../../functions/adapters/search-index/embedded.js';
import type { MeetingAggregate } from '../../../functions/core/meetings/model.js';
import { indexFrames, type OcrFrame } from '../../../functions/core/search/indexing.js';
import type { FrameWord } from '../../../functions/core/search/model.js';
import { groupSlides, slideTitle, textSimilarity, slideWords } from '../../../functions/core/search/slides.js';

/** Words on lines: each line a row of words of the given height, from top. */
function lines(...rows: Array<[string, number, number]>): FrameWord[] {
  return rows.flatMap(([text, top, height]) => text.split(' ').map((word, i) => ({ text: word, confidence: 90, box: { left: 0.1 + i * 0.12, top, width: 0.1, height } })));
}
const AGENDA = lines(['Agenda', 0.08, 0.09], ['Printing history reading group', 0.3, 0.05], ['Next steps and owners', 0.4, 0.05]);
const BUDGET = lines(['Budget 2026', 0.08, 0.09], ['Travel costs rising sharply', 0.3, 0.05], ['Hiring freeze until March', 0.4, 0.05]);
const frame = (timestamp: number, words: FrameWord[]): OcrFrame =>
  ({ timestamp, words, imageKey: `f/${timestamp}.jpg`, thumbnailKey: `f/${timestamp}.thumb.jpg`, width: 1280, height: 720 });
/** OCR misreading one word and dropping another, as it does from frame to frame of one slide. */
const misread = (words: FrameWord[]) => words.filter((w) => w.text !== 'owners').map((w) => (w.text === 'history' ? { ...w, text: 'hist0ry' } : w));

describe('slides', () => {
  it('takes frames whose OCR differs by a word or two as one slide, and a new text as the next', () => {
    expect(textSimilarity(slideWords(AGENDA), slideWords(misread(AGENDA)))).toBeGreaterThan(0.6);
    expect(textSimilarity(slideWords(AGENDA), slideWords(BUDGET))).toBe(0);
    const groups = groupSlides([frame(120, AGENDA), frame(0, AGENDA), frame(60, misread(AGENDA)), frame(130, BUDGET), frame(190, BUDGET)]);
    expect(groups.map((g) => [g.start, g.end, g.frames.length])).toEqual([[0, 120, 3], [130, 190, 2]]);
    expect(groups[0].best.timestamp).toBe(0);
  });

  it('titles a slide by its line of tallest words in the upper half', () => {
    expect(slideTitle(AGENDA)).toBe('Agenda');
    expect(slideTitle(BUDGET)).toBe('Budget 2026');
    expect(slideTitle(lines(['footer text', 0.9, 0.2]))).toBe('');
  });
});

describe('indexFrames', () => {
  let dir: string;
  beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'slides-index-')); });
  afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

  it('indexes a static slide sampled three times as one slide with one text hit, at the time it came up', async () => {
    const index = openEmbeddedSearchIndex(dir);
    const aggregate = { meeting: { id: 'm-1', name: 'Weekly', createdAt: '2026-01-01T00:00:00.000Z' }, attendees: [] } as unknown as MeetingAggregate;
    const meetings = { find: async (id: string) => (id === 'm-1' ? aggregate : undefined) };
    const result = await indexFrames({ meetings, index }, 'm-1', [frame(0, AGENDA), frame(60, misread(AGENDA)), frame(120, AGENDA)]);
    expect(result.frames).toBe(3);
    expect(result.slides).toEqual([{ start: 0, end: 120, title: 'Agenda', text: AGENDA.map((w) => w.text).join(' '), imageKey: 'f/0.jpg', thumbnailKey: 'f/0.thumb.jpg' }]);
    const hits = await index.searchFrames({ terms: ['agenda'], meetingIds: ['m-1'], from: 0, size: 10 });
    expect(hits.total).toBe(1);
    expect(hits.hits[0].timestamp).toBe(0);
  });
});
