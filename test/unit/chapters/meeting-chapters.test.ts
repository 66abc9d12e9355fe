import { chaptersOf, chapterTurnsOf, refreshChapters, type RefreshChaptersPorts } from '../../../functions/core/chapters/meeting-chapters.js';
import type { Chapter, Slide } from '../../../functions/core/chapters/model.js';

const words = (text: string, from: number) => text.split(' ').map((w, i) => ({ text: w, start: from + i * 0.4, end: from + i * 0.4 + 0.3 }));
const DOCUMENT = {
  turns: [
    { speakerLabel: 'spk_0', words: words('Welcome everyone to the planning meeting.', 0) },
    { speakerLabel: 'spk_1', words: [] },
    { speakerLabel: 'spk_1', words: words('The roadmap slide shows three milestones.', 5) },
  ],
};
const SLIDE: Slide = { start: 0, end: 60, title: 'Roadmap 2026', text: 'Roadmap 2026', imageKey: 'f/0.jpg', thumbnailKey: 'f/0.thumb.jpg' };

describe('chapterTurnsOf', () => {
  it('reads every transcript turn in order, a turn without words at the time the last one ended', () => {
    const turns = chapterTurnsOf(DOCUMENT);
    expect(turns.map((t) => [t.speaker, t.start])).toEqual([['spk_0', 0], ['spk_1', 2.3], ['spk_1', 5]]);
    expect(turns[2].text).toBe('The roadmap slide shows three milestones.');
  });
});

describe('chaptersOf', () => {
  it('names speakers as the host named them, and "Speaker N" otherwise', () => {
    const [chapter] = chaptersOf(DOCUMENT, { 'Speaker 1': 'Alice', 'Speaker 2': 'Speaker 2' }, [SLIDE]);
    expect(chapter.speakers).toEqual(['Alice', 'Speaker 2']);
    expect(chapter.title).toBe('Roadmap 2026');
    expect(chapter.turns).toEqual([0, 2]);
  });
});

describe('refreshChapters', () => {
  function ports(options: { slides?: Slide[]; notes?: 'ready' | 'failed' }) {
    const saved: Array<readonly Chapter[]> = [];
    const p: RefreshChaptersPorts = {
      transcripts: { findTranscript: async () => ({ jsonKey: 't.json', speakerNames: { 'Speaker 1': 'Alice' } }) },
      files: { getJson: async <T>() => DOCUMENT as T },
      slides: { findSlides: async () => options.slides },
      notes: { state: async () => (options.notes ? { status: options.notes } : undefined), saveChapters: async (_, chapters) => { saved.push(chapters); return true; } },
    };
    return { p, saved };
  }

  it('puts the slides into the chapters of ready notes', async () => {
    const { p, saved } = ports({ slides: [SLIDE], notes: 'ready' });
    expect(await refreshChapters(p, 'm-1')).toBe(true);
    expect(saved[0][0].slide).toEqual({ start_time: 0, end_time: 60, title: 'Roadmap 2026', thumbnail_key: 'f/0.thumb.jpg' });
  });

  it('leaves the notes alone without slides or before they are ready', async () => {
    for (const options of [{ notes: 'ready' as const }, { slides: [], notes: 'ready' as const }, { slides: [SLIDE] }, { slides: [SLIDE], notes: 'failed' as const }]) {
      const { p, saved } = ports(options);
      expect(await refreshChapters(p, 'm-1')).toBe(false);
      expect(saved).toEqual([]);
    }
  });
});
