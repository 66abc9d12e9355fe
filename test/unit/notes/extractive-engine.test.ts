import { notesEngineFromConfig } from '../../../functions/adapters/insights/notes-engine.js';
import { createExtractiveNotesEngine } from '../../../functions/core/notes/extractive-engine.js';
import { generateNotes } from '../../../functions/core/notes/generate-notes.js';
import type { NotesEngine } from '../../../functions/core/notes/model.js';
import { describeNotesEngineContract, PLANNING_MEETING } from './engine-contract.js';

describeNotesEngineContract('extractive (on-box)', () => createExtractiveNotesEngine());
describeNotesEngineContract('extractive, loaded on first use (what NOTES_ENGINE unset gives)', () => notesEngineFromConfig({}));

describe('notesEngineFromConfig', () => {
  it('gives the on-box engine by default and refuses an unknown engine', () => {
    expect(notesEngineFromConfig({}).name).toBe('extractive');
    expect(notesEngineFromConfig({ NOTES_ENGINE: 'extractive' }).name).toBe('extractive');
    expect(() => notesEngineFromConfig({ NOTES_ENGINE: 'gpt' })).toThrow("NOTES_ENGINE must be 'extractive', 'model', 'bedrock' or 'llm'");
  });
});

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

  it('names the speakers by their labelled names, noun-phrase topics and the counts in the overview', async () => {
    const draft = await createExtractiveNotesEngine().draft({ sentences: PLANNING_MEETING, speakerNames: { spk_0: 'Alice', spk_1: 'Bob' } });
    expect(draft.overview).toMatch(/^Alice, Bob and Speaker 3 discussed /);
    expect(draft.overview).toMatch(/\b(?:release budget|budget|image cache|beta testers|login screen|crash reports)\b/);
    expect(draft.overview).toMatch(/They recorded 1 action item\.$/);
    expect(draft.overview).not.toMatch(/discussed[^.]*\b(?:the|and|that|on|from|those)\b,/);
  });

  it('writes ALL-CAPS engine text in sentence case and the commitment in the owner\'s name', async () => {
    const draft = await createExtractiveNotesEngine().draft({ sentences: [{ text: 'I WILL SEND THE REPORT TO THE WHOLE TEAM TOMORROW', start: 0, end: 3, speaker: 'spk_0' }] });
    expect(draft.actionItems[0]).toMatchObject({ text: 'Speaker 1: send the report to the whole team tomorrow', owner: 'Speaker 1', due: 'tomorrow' });
  });

  it('merges a request with its owner\'s answer into one item owned by the person asked', async () => {
    const draft = await createExtractiveNotesEngine().draft({ sentences: PLANNING_MEETING, speakerNames: { spk_0: 'Alice', spk_1: 'Bob' } });
    expect(draft.actionItems).toEqual([
      { text: 'Bob: send the updated release budget to finance by Friday', owner: 'Bob', due: 'Friday', start: 18, end: 26 },
    ]);
  });

  it('lists decisions apart from action items and keeps them out of the action items', async () => {
    const on = (text: string, start: number, speaker = 'spk_0') => ({ text, start, end: start + 4, speaker });
    const draft = await createExtractiveNotesEngine().draft({ sentences: [
      on('The new supplier delivers recycled paper at a lower price than the old supplier.', 0),
      on("Okay, so we agreed to switch to the new paper supplier from next month.", 5, 'spk_1'),
      on("I'll call the old supplier tomorrow to cancel the contract.", 10),
    ], speakerNames: { spk_0: 'Alice', spk_1: 'Bob' } });
    expect(draft.decisions).toEqual([{ text: 'Switch to the new paper supplier from next month.', start: 5, end: 9 }]);
    expect(draft.actionItems.map((a) => a.text)).toEqual(['Alice: call the old supplier tomorrow to cancel the contract']);
  });

  it('reads a decision from its opening word and from a bare "Yes." accepting a proposal, though the clean-up drops both', async () => {
    const on = (text: string, start: number, speaker = 'spk_0') => ({ text, start, end: start + 4, speaker });
    const draft = await createExtractiveNotesEngine().draft({ sentences: [
      on("Our own team doesn't have the time for the penetration test.", 0, 'spk_1'),
      on("Fine, we'll hire an outside firm for the penetration test.", 5),
      on('Should we move the stand-up to ten o\'clock?', 10, 'spk_1'),
      on('Yes.', 15),
      on("I'll ask three firms for quotes.", 20, 'spk_1'),
    ], speakerNames: { spk_0: 'Alice', spk_1: 'Bob' } });
    expect(draft.decisions).toEqual([
      { text: "We'll hire an outside firm for the penetration test.", start: 5, end: 9 },
      { text: "Move the stand-up to ten o'clock.", start: 10, end: 19 },
    ]);
    expect(draft.actionItems.map((a) => a.text)).toEqual(['Bob: ask three firms for quotes']);
  });

  it('takes "Yes, I\'ll …" after a request as its answer though the clean-up drops the "Yes,"', async () => {
    const on = (text: string, start: number, speaker = 'spk_0') => ({ text, start, end: start + 4, speaker });
    const draft = await createExtractiveNotesEngine().draft({ sentences: [
      on('Bob, would you ask the council about the pitch lights?', 0),
      on("Yes, I'll give them a ring.", 5, 'spk_1'),
    ], speakerNames: { spk_0: 'Alice', spk_1: 'Bob' } });
    expect(draft.actionItems.map((a) => a.text)).toEqual(['Bob: ask the council about the pitch lights']);
  });

  it('gives 3 to 8 summary bullets without fillers, repeated words or questions', async () => {
    const topics = ['database migration', 'customer records', 'maintenance window', 'backup schedule', 'support rota', 'billing export'];
    const sentences = Array.from({ length: 60 }, (_, i) => ({
      text: i % 7 === 3 ? 'Um, so, you know, is the the plan for the ' + topics[i % 6] + ' clear to everyone?'
        : `Um, the the ${topics[i % 6]} needs ${['careful testing', 'two more engineers', 'a written plan', 'a budget review'][i % 4]} before the release in ${['spring', 'summer'][i % 2]}, you know.`,
      start: i * 5, end: i * 5 + 4, speaker: `spk_${i % 3}`,
    }));
    const draft = await createExtractiveNotesEngine().draft({ sentences });
    expect(draft.summary.length).toBeGreaterThanOrEqual(3);
    expect(draft.summary.length).toBeLessThanOrEqual(8);
    for (const point of draft.summary) {
      expect(point.text).not.toMatch(/\b(?:um|uh|you know)\b|\bthe the\b|\?/i);
      expect(point.text).toMatch(/^[A-Z].*\.$/);
    }
    expect(new Set(draft.summary.map((p) => p.text)).size).toBe(draft.summary.length);
  });

  it('says that nothing was said for a silent recording', async () => {
    const draft = await createExtractiveNotesEngine().draft({ sentences: [] });
    expect(draft).toEqual({ overview: 'Nothing was said in this recording.', summary: [], actionItems: [], decisions: [] });
  });
});

describe('generateNotes', () => {
  const ids = () => { let n = 0; return () => `id-${++n}`; };

  it('numbers action items from 1 with ids, owners, due dates, not stored in Todoist, and time ranges from their words', async () => {
    const notes = await generateNotes(PLANNING_MEETING, createExtractiveNotesEngine(), ids(), { spk_1: 'Bob' });
    expect(notes.action_items).toEqual([{
      number: 1, content: 'Bob: send the updated release budget to finance by Friday', timestamp_range: { start_time: 18, end_time: 26 },
      id: expect.any(String), stored_in_todoist: false, owner: 'Bob', due: 'Friday',
    }]);
    expect(new Set([notes.notes_id, ...notes.action_items.map((a) => a.id)]).size).toBe(2);
    expect(notes.timestamp_ranges).toHaveLength(notes.summary.length);
    expect(Object.keys(notes)).toEqual(['notes_id', 'overview', 'summary', 'action_items', 'timestamp_ranges', 'decisions']);
  });

  it('counts labels the host gave the same name as one speaker, and keeps unnamed labels apart', async () => {
    const said = (speaker: string, text: string, start: number) => ({ speaker, text, start, end: start + 3 });
    const sentences = [
      said('spk_0', 'The costume fitting for the play is on Thursday in the hall.', 0),
      said('spk_1', 'The hall needs new lights for the play before the fitting.', 4),
      said('spk_0', 'Grace,', 8),
      said('spk_2', 'can you order the new lights for the hall by Friday?', 9),
      said('spk_3', 'The lights for the play come from the theatre shop.', 13),
      said('spk_4', 'The theatre shop is open on Friday morning.', 17),
    ];
    const notes = await generateNotes(sentences, createExtractiveNotesEngine(), ids(), { spk_0: 'Oliver', spk_1: 'Grace', spk_2: ' oliver ' });
    expect(notes.overview).toMatch(/^Oliver, Grace, Speaker 4 and Speaker 5 discussed /);
    expect(notes.action_items).toMatchObject([{ content: 'Grace: order the new lights for the hall by Friday', owner: 'Grace', due: 'Friday' }]);
  });

  it('gives owner and due null and no decisions for an engine that does not draft them', async () => {
    const plain: NotesEngine = { name: 'plain', draft: async () => ({ overview: 'x.', summary: [], actionItems: [{ text: 'Send it', start: 1, end: 2 }] }) };
    const notes = await generateNotes(PLANNING_MEETING, plain, ids());
    expect(notes.action_items[0]).toMatchObject({ owner: null, due: null });
    expect(notes.decisions).toEqual([]);
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

describe('extractive engine: an answer said as "Sure." and then a promise', () => {
  it('merges "Sure." + "I\'ll have a number for you by next Friday." into the request it answers', async () => {
    const sentences = [
      { text: 'Bob, would you mind getting a price for the soil test?', speaker: 'spk_0', start: 0, end: 3 },
      { text: 'Sure.', speaker: 'spk_1', start: 3.5, end: 4 },
      { text: "I'll have a number for you by next Friday.", speaker: 'spk_1', start: 4.2, end: 6 },
    ];
    const draft = await createExtractiveNotesEngine().draft({ sentences, speakerNames: { spk_0: 'Alice', spk_1: 'Bob' } });
    expect(draft.actionItems.map((a) => [a.text, a.owner, a.due])).toEqual([['Bob: get a price for the soil test', 'Bob', 'next Friday']]);
  });
});

describe('extractive engine: terms of address', () => {
  it('does not make a topic of a word people are addressed by ("Yes, chef.", "Sorry, chef, …")', async () => {
    const said = ['Chef, the walk-in fridge was reading six degrees.', 'Yes, chef.', 'The walk-in fridge seal is coming away.', 'Sorry, chef, I am flat out on the halibut.', 'The halibut special needs twenty portions.'];
    const sentences = said.map((text, i) => ({ text, speaker: `spk_${i % 2}`, start: i * 4, end: i * 4 + 3 }));
    const draft = await createExtractiveNotesEngine().draft({ sentences });
    expect(draft.overview).not.toMatch(/chef/i);
    expect(draft.overview).toMatch(/walk-in fridge/);
  });
});
