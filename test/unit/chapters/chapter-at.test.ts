import { chapterAt } from '../../../functions/core/chapters/chapter-at.js';

const chapters = [
  { title: 'Weather', start_time: 0, turns: [0, 5] as const },
  { title: 'Vendor price', start_time: 60, turns: [6, 9] as const },
];

describe('chapterAt', () => {
  it('is the chapter holding the turn', () => {
    expect(chapterAt(chapters, 0, 0)?.title).toBe('Weather');
    expect(chapterAt(chapters, 5, 50)?.title).toBe('Weather');
    expect(chapterAt(chapters, 6, 60)?.title).toBe('Vendor price');
    expect(chapterAt(chapters, 9, 95)?.title).toBe('Vendor price');
  });

  it('goes by time for a moment without a turn (a slide before anyone spoke), or a turn no chapter holds', () => {
    expect(chapterAt(chapters, -1, 75)?.title).toBe('Vendor price');
    expect(chapterAt(chapters, -1, 59)?.title).toBe('Weather');
    expect(chapterAt(chapters, 40, 400)?.title).toBe('Vendor price');
    expect(chapterAt([{ ...chapters[1], start_time: 10 }], -1, 3)?.title).toBe('Vendor price');
  });

  it('is none without chapters', () => {
    expect(chapterAt([], 3, 30)).toBeUndefined();
  });
});
