import { generateNotes } from '../../../functions/core/notes/generate-notes.js';
import type { NotesEngine } from '../../../functions/core/notes/model.js';

const engine = (confidences: Array<number | undefined>): NotesEngine => ({
  name: 'fixed',
  draft: async () => ({
    overview: 'They talked.',
    summary: [],
    actionItems: confidences.map((confidence, i) => ({ text: `task ${i}`, start: 0, end: 1, owner: null, due: null, ...(confidence === undefined ? {} : { confidence }) })),
    decisions: [{ text: 'We go with yellow.', start: 0, end: 1, confidence: 0.456 }],
  }),
});

describe('confidence of action items and decisions', () => {
  it('is stored as the engine gives it, clamped to 0..1 and rounded, and left out when the engine gives none', async () => {
    const notes = await generateNotes([{ text: 'x', start: 0, end: 1, speaker: 'spk_0' }], engine([0.734, 1.3, undefined, Number.NaN]), () => 'id');
    expect(notes.action_items.map((a) => a.confidence)).toEqual([0.73, 1, undefined, undefined]);
    expect('confidence' in notes.action_items[2]!).toBe(false);
    expect(notes.decisions[0]!.confidence).toBe(0.46);
  });

  it('marks the points the engine drafted as suggestions, and nothing else', async () => {
    const suggesting: NotesEngine = {
      name: 'fixed',
      draft: async () => ({
        overview: 'They talked.', summary: [],
        actionItems: [{ text: 'maybe a task', start: 0, end: 1, confidence: 0.9, suggested: true }, { text: 'a task', start: 0, end: 1, confidence: 0.99 }],
        decisions: [{ text: 'Perhaps yellow.', start: 0, end: 1, confidence: 0.9, suggested: true }],
      }),
    };
    const notes = await generateNotes([{ text: 'x', start: 0, end: 1, speaker: 'spk_0' }], suggesting, () => 'id');
    expect(notes.action_items.map((a) => a.suggested)).toEqual([true, undefined]);
    expect('suggested' in notes.action_items[1]!).toBe(false);
    expect(notes.decisions[0]!.suggested).toBe(true);
  });
});
