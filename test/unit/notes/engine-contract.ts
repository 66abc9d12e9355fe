import type { Sentence } from '../../../functions/core/insights/transcript.js';
import type { NotesEngine } from '../../../functions/core/notes/model.js';

const s = (text: string, start: number, end: number, speaker = 'spk_0'): Sentence => ({ text, start, end, speaker });

/** A short planning meeting with one request and one commitment among plain statements. */
export const PLANNING_MEETING: Sentence[] = [
  s('Welcome everyone, today we review the launch plan for the mobile release.', 0, 5),
  s('The beta testers reported that the login screen crashes on older Android phones.', 5.5, 11, 'spk_1'),
  s('Crash reports show the problem comes from the image cache library on those phones.', 11.5, 17, 'spk_1'),
  s('Can you send the updated release budget to finance by Friday?', 18, 22),
  s("Sure, I'll send the budget to finance tomorrow morning.", 22.5, 26, 'spk_1'),
  s('The marketing campaign for the release starts the week after the launch.', 27, 32, 'spk_2'),
];

/** Only statements: nothing anybody committed to or asked for. */
export const STATEMENTS_ONLY: Sentence[] = [
  s('The quarterly numbers were published last week in the company newsletter.', 0, 5),
  s('Revenue from the European region grew faster than the other regions this quarter.', 5.5, 10, 'spk_1'),
  s('The office in Lisbon opened in March with twelve people from the support team.', 10.5, 15),
];

const overlaps = (a: { start: number; end: number }, b: Sentence) => a.start <= b.end && b.start <= a.end;

/**
 * The contract every NotesEngine passes (spec §3 Notes): an overview of one or two sentences; summary points
 * in meeting order within the transcript's times; the request and the commitment found as action items, with
 * time ranges on their sentences; no action item where nothing was asked or promised.
 */
export function describeNotesEngineContract(name: string, makeEngine: () => NotesEngine | Promise<NotesEngine>) {
  describe(`notes engine contract: ${name}`, () => {
    it('writes an overview of one or two sentences', async () => {
      const draft = await (await makeEngine()).draft({ sentences: PLANNING_MEETING });
      const sentences = draft.overview.split(/(?<=[.?!])\s+/).filter(Boolean);
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(2);
    });

    it('gives summary points in meeting order within the transcript times', async () => {
      const draft = await (await makeEngine()).draft({ sentences: PLANNING_MEETING });
      expect(draft.summary.length).toBeGreaterThan(0);
      const starts = draft.summary.map((p) => p.start);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      for (const p of draft.summary) {
        expect(p.start).toBeGreaterThanOrEqual(0);
        expect(p.end).toBeLessThanOrEqual(32);
        expect(p.end).toBeGreaterThanOrEqual(p.start);
      }
    });

    it('finds the request and the commitment as action items, timed on their sentences', async () => {
      const draft = await (await makeEngine()).draft({ sentences: PLANNING_MEETING });
      const request = PLANNING_MEETING[3]!;
      const commitment = PLANNING_MEETING[4]!;
      expect(draft.actionItems.some((a) => /budget/i.test(a.text) && overlaps(a, request))).toBe(true);
      expect(draft.actionItems.some((a) => /budget/i.test(a.text) && overlaps(a, commitment))).toBe(true);
      expect(draft.actionItems.every((a) => !/crash/i.test(a.text))).toBe(true);
    });

    it('finds no action item where nobody asked or promised anything', async () => {
      const draft = await (await makeEngine()).draft({ sentences: STATEMENTS_ONLY });
      expect(draft.actionItems).toEqual([]);
    });
  });
}
