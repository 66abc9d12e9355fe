import type { Sentence } from '../../../functions/core/insights/transcript.js';
import { generateNotes } from '../../../functions/core/notes/generate-notes.js';
import { useLiteEmbedder } from '../../../functions/adapters/embeddings/use-lite.js';
import { notesEngineFromConfig } from '../../../functions/adapters/insights/notes-engine.js';
import { createModelNotesEngine, loadNotesModel, NotesModelError, parseNotesModel } from '../../../functions/adapters/notes-model/engine.js';
import { describeNotesEngineContract } from '../notes/engine-contract.js';

const s = (text: string, start: number, end: number, speaker: string): Sentence => ({ text, start, end, speaker });

/** A short product meeting in the words of a human transcript (marks, stutters, fillers). */
const MEETING: Sentence[] = [
  s("Okay , so um we 're here to talk about the {disfmarker} the remote control design .", 0, 5, 'spk_0'),
  s('The b buttons should be big , and the case rubber , I think .', 5, 9, 'spk_1'),
  s('Yeah , the rubber case is what users want , the market research says so .', 9, 14, 'spk_2'),
  s('The LCD display would cost us a lot , uh , maybe too much .', 14, 18, 'spk_1'),
  s('So we go with the rubber case and big buttons then .', 18, 21, 'spk_0'),
  s('Yep , agreed .', 21, 22, 'spk_1'),
  s('Can you check the cost of the LCD display for the next meeting ?', 22, 26, 'spk_0'),
  s("Sure , I 'll look into the LCD cost .", 26, 28, 'spk_1'),
  s("And I 'll send the minutes to everyone by Friday .", 28, 31, 'spk_0'),
];
const speakerNames = { spk_0: 'Project Manager', spk_1: 'Industrial Designer', spk_2: 'Marketing' };

const engine = createModelNotesEngine({ embedder: useLiteEmbedder(), model: loadNotesModel });
// The weights and USE Lite load once, here, not inside a test's 5 s.
beforeAll(() => engine.draft({ sentences: MEETING.slice(0, 2) }), 120_000);

describeNotesEngineContract('notes model (committed weights, USE Lite)', () => engine);

describe('the notes model engine (committed weights, USE Lite)', () => {

  it('drafts notes of a short meeting: clean action items with owners, confidences and the turns they rest on', async () => {
    const notes = await generateNotes(MEETING, engine, () => 'id', speakerNames);
    expect(notes.overview).toMatch(/^Project Manager, Industrial Designer and Marketing discussed /);
    const all = [...notes.action_items.map((a) => a.content), ...notes.decisions.map((d) => d.content), ...notes.summary, notes.overview].join(' ');
    expect(all).not.toMatch(/\{|\bum\b|\buh\b|\bb buttons\b/);
    expect(notes.action_items.length).toBeGreaterThan(0);
    for (const item of notes.action_items) {
      expect(item.confidence).toBeGreaterThanOrEqual(0);
      expect(item.confidence).toBeLessThanOrEqual(1);
      expect(Object.values(speakerNames)).toContain(item.owner);
      expect(MEETING.some((m) => m.start <= item.timestamp_range.start_time && item.timestamp_range.start_time < m.end)).toBe(true);
    }
    // Items within three turns of a better one are one item (decode.ts): the LCD request, the acceptance and the minutes
    // are one stretch, so one of the two tasks stands for it, with its own owner — the minutes the speaker's, the LCD
    // cost the addressee's who accepted it, not the asker's.
    expect(notes.action_items).toHaveLength(1);
    expect([
      { content: 'Project Manager: send the minutes to everyone by Friday', owner: 'Project Manager', due: 'Friday' },
      { content: 'Industrial Designer: check the cost of the LCD display for the next meeting', owner: 'Industrial Designer', due: null },
    ]).toContainEqual({ content: notes.action_items[0]!.content, owner: notes.action_items[0]!.owner, due: notes.action_items[0]!.due ?? null });
    // No band of held-out decision scores is right 40 % of the time (notes-model.json, suggestBelow): every model
    // decision is drafted as a suggestion for the host to keep or drop, never stated as settled.
    for (const decision of notes.decisions) expect(decision).toMatchObject({ suggested: true });
    expect(notes.summary.length).toBeLessThanOrEqual(8);
  }, 120_000);

  it('is what NOTES_ENGINE=model chooses', () => {
    expect(notesEngineFromConfig({ NOTES_ENGINE: 'model' }).name).toBe('model');
  });

  it('refuses a model file of another format or feature set', () => {
    expect(() => parseNotesModel('{"format":"other"}')).toThrow(NotesModelError);
    // A file of the round-1 format (1050 features, logistic regressions only) is refused with a message to retrain.
    expect(() => parseNotesModel(JSON.stringify({ format: 'meetscribe-notes-model/1', models: { action: { weights: [1, 2] } } }))).toThrow('retrain with npm run train:notes');
    expect(() => parseNotesModel(JSON.stringify({ format: 'meetscribe-notes-model/2', models: { action: { type: 'logistic', weights: [1, 2] } } })))
      .toThrow('retrain with npm run train:notes');
    const mlp = { type: 'mlp', mean: [0], scale: [1], w1: [1], b1: [0], w2: [1], b2: 0 };
    expect(() => parseNotesModel(JSON.stringify({ format: 'meetscribe-notes-model/2', models: { action: mlp, decision: mlp, key: mlp } })))
      .toThrow("action weights do not fit");
  });
});
