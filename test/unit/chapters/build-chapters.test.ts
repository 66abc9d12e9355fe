import { buildChapters } from '../../../functions/core/chapters/build-chapters.js';
import type { ChapterTurn, Slide } from '../../../functions/core/chapters/model.js';
import { topicShifts } from '../../../functions/core/chapters/topic-shifts.js';
import { contentWords } from '../../../functions/core/notes/text.js';

const GARDEN = 'The garden needs new soil, compost for the tomato beds, seeds for the carrots and a hose for watering the roses.';
const BUDGET = 'The budget for the quarter shows invoices unpaid, salaries rising, tax owed and the accountant wants receipts.';
const TRAVEL = 'The flight to Lisbon leaves early, the hotel booking needs a passport number, and the train ticket is refundable.';

/** Turns of 0.4 s words, 0.5 s apart, by two speakers taking turns. */
function timed(texts: readonly string[]): ChapterTurn[] {
  let t = 0;
  return texts.map((text, i) => {
    const start = t; const end = start + 0.4 * text.split(' ').length; t = end + 0.5;
    return { speaker: `spk_${i % 2}`, text, start, end };
  });
}
const repeat = (text: string, n: number) => Array.from({ length: n }, () => text);
const THREE_TOPICS = [...repeat(GARDEN, 60), ...repeat(BUDGET, 60), ...repeat(TRAVEL, 60)];
/** Options asking for three chapters of these turns. */
const THIRDS = { wordsPerChapter: THREE_TOPICS.flatMap(contentWords).length / 3, minWords: 200, smoothing: 2 };

describe('topicShifts', () => {
  it('cuts where the vocabulary changes', () => {
    expect(topicShifts(THREE_TOPICS, THIRDS)).toEqual([60, 120]);
  });

  it('leaves a short meeting in one piece', () => {
    expect(topicShifts([GARDEN, BUDGET, TRAVEL])).toEqual([]);
  });
});

describe('buildChapters', () => {
  it('covers every turn once, titles each chapter with its own key phrase and lists its speakers', () => {
    const turns = timed(THREE_TOPICS);
    const chapters = buildChapters(turns, { topicShift: THIRDS });
    expect(chapters.map((c) => c.turns)).toEqual([[0, 59], [60, 119], [120, 179]]);
    expect(chapters[0].start_time).toBe(0);
    expect(chapters[1].start_time).toBe(turns[60].start);
    expect(chapters[0].end_time).toBe(turns[60].start);
    expect(chapters[2].end_time).toBe(turns[179].end);
    expect(new Set(chapters.map((c) => c.title)).size).toBe(3);
    expect(chapters.every((c) => c.title.length > 0 && c.slide === null)).toBe(true);
    expect(chapters[0].speakers).toEqual(['spk_0', 'spk_1']);
  });

  it('opens a chapter where a slide shown long enough comes up, titled by the slide and carrying its thumbnail', () => {
    const turns = timed(repeat(GARDEN, 40));
    const slide = (start: number, end: number, title: string): Slide => ({ start, end, title, text: title, imageKey: `${title}.jpg`, thumbnailKey: `${title}.thumb.jpg` });
    const at = turns[20].start + 0.2;
    const chapters = buildChapters(turns, { slides: [slide(0, at - 1, 'Welcome'), slide(at, turns[39].end, 'Quarterly plan'), slide(turns[39].end + 1, turns[39].end + 5, 'Thanks')] });
    expect(chapters.map((c) => c.turns)).toEqual([[0, 19], [20, 39]]);
    expect(chapters.map((c) => c.title)).toEqual(['Welcome', 'Quarterly plan']);
    expect(chapters[1].slide).toEqual({ start_time: at, end_time: turns[39].end, title: 'Quarterly plan', thumbnail_key: 'Quarterly plan.thumb.jpg' });
  });

  it('gives no chapters for a meeting without turns', () => {
    expect(buildChapters([])).toEqual([]);
  });
});
