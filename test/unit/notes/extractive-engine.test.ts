import { createExtractiveNotesEngine } from '../../../functions/core/notes/extractive-engine.js';
import { generateNotes } from '../../../functions/core/notes/generate-notes.js';
import type { NotesEngine } from '../../../functions/core/notes/model.js';
import { describeNotesEngineContract, PLANNING_MEETING } from './engine-contract.js';

describeNotesEngineContract('extractive (on-box)', () => createExtractiveNotesEngine());

describe('createExtractiveNotesEngine', () => {
  it('keeps the sentences that share the meeting topic and drops an off-topic one', async () => {
    const on = (text: string, start: number) => ({ text, start, end: start + 4, speaker: 'spk_0' });
    const sentences = [
      on('The database migration moves customer records to the new cluster.', 0),
      on('Lunch today is pizza from the place around the corner downstairs.', 5),
      on('The migration of customer records needs a maintenance window on the cluster.', 10),
      on('Customer records on the old cluster stay read-only during the migration.', 15),
    ];
    const draft = await createExtractiveNotesEngine({ minPoints: 2, maxPoints: 2 }).draft({ sentences });
    expect(draft.summary).toHaveLength(2);
    expect(draft.summary.every((p) => /migration/i.test(p.text))).toBe(true);
  });

  it('names the leading topics and the speaker count in the overview', async () => {
    const draft = await createExtractiveNotesEngine().draft({ sentences: PLANNING_MEETING });
    expect(draft.overview).toMatch(/^3 speakers discussed \w+, \w+ and \w+\. /);
  });

  it('writes ALL-CAPS engine text in sentence case', async () => {
    const draft = await createExtractiveNotesEngine().draft({ sentences: [{ text: 'I WILL SEND THE REPORT TO THE WHOLE TEAM TOMORROW', start: 0, end: 3, speaker: 'spk_0' }] });
    expect(draft.actionItems[0]!.text).toBe('I will send the report to the whole team tomorrow.');
  });
});

describe('generateNotes', () => {
  const ids = () => { let n = 0; return () => `id-${++n}`; };

  it('numbers action items from 1 with ids, not stored in Todoist, and time ranges from their words', async () => {
    const notes = await generateNotes(PLANNING_MEETING, createExtractiveNotesEngine(), ids());
    expect(notes.action_items.map((a) => [a.number, a.stored_in_todoist, a.timestamp_range])).toEqual([
      [1, false, { start_time: 18, end_time: 22 }],
      [2, false, { start_time: 22.5, end_time: 26 }],
    ]);
    expect(new Set([notes.notes_id, ...notes.action_items.map((a) => a.id)]).size).toBe(3);
    expect(notes.timestamp_ranges).toHaveLength(notes.summary.length);
  });

  it('clamps time ranges an engine gives outside the transcript', async () => {
    const wild: NotesEngine = { name: 'wild', draft: async () => ({ overview: 'x.', summary: [{ text: 'a', start: -5, end: 999 }], actionItems: [] }) };
    const notes = await generateNotes(PLANNING_MEETING, wild, ids());
    expect(notes.timestamp_ranges).toEqual([{ start_time: 0, end_time: 32 }]);
  });

  it('fails with the engine name when the engine fails', async () => {
    const broken: NotesEngine = { name: 'broken', draft: async () => { throw new Error('model offline'); } };
    await expect(generateNotes(PLANNING_MEETING, broken, ids())).rejects.toThrow('The broken notes engine failed: model offline');
  });
});
