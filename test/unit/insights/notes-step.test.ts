/**
 * The one notes-drafting use case (core/notes/draft-meeting-notes.ts) behind the pipeline's notes step
 * (core/notes/notes-step.ts) and regenerate (core/notes/regenerate.ts), over in-memory ports.
 */
import type { Chapter, Slide } from '../../../functions/core/chapters/model.js';
import { createExtractiveNotesEngine } from '../../../functions/core/notes/extractive-engine.js';
import { NotesGenerationFailed } from '../../../functions/core/notes/generate-notes.js';
import type { MeetingNotes, NotesEngine } from '../../../functions/core/notes/model.js';
import { writeNotesForRun, type NotesStepPorts } from '../../../functions/core/notes/notes-step.js';
import { regenerateNotes } from '../../../functions/core/notes/regenerate.js';
import { MemoryLimits } from '../accounts/in-memory.js';
import { InMemoryMeetings, USERS } from '../meetings/in-memory.js';
import { InMemoryInsights } from './in-memory-insights.js';

const ID = 'm-1';
const words = (text: string, start: number) => text.split(' ').map((w, i) => ({ text: w, start: start + i, end: start + i + 0.5 }));
const DOCUMENT = {
  version: 1, meetingId: ID, durationSeconds: 60,
  turns: [
    { speakerLabel: 'spk_0', words: words('Bob, can you send the budget to finance by Friday?', 0) },
    { speakerLabel: 'spk_1', words: words("Sure, I'll send the budget tomorrow morning.", 20) },
    { speakerLabel: 'spk_0', words: words('We decided to move the launch to May because the printer is late.', 40) },
  ],
};
const SLIDES: Slide[] = [{ start: 30, end: 60, title: 'Launch plan', imageKey: 'artefacts/m-1/frames/00001.jpg' } as Slide];

function setUp(options: { record?: boolean; names?: Record<string, string> } = {}) {
  const files = new Map<string, string>([[`artefacts/${ID}/transcript.json`, JSON.stringify(DOCUMENT)]]);
  const record = { jsonKey: `artefacts/${ID}/transcript.json`, speakerNames: options.names ?? { spk_0: 'Speaker 1', spk_1: 'Speaker 2' } };
  const insights = new InMemoryInsights();
  const errors: string[] = [];
  const mails: string[] = [];
  let slides: readonly Slide[] | undefined;
  let slideLooks = 0;
  const chapterSaves: (readonly Chapter[])[] = [];
  let n = 0;
  const transcripts = { findTranscript: async () => (options.record === false ? undefined : record) };
  const getText = async (key: string) => {
    if (!files.has(key)) throw new Error(`NoSuchKey ${key}`);
    return files.get(key)!;
  };
  const slideStore = { findSlides: async () => { slideLooks += 1; return slides; } };
  const ports: NotesStepPorts = {
    transcripts, files: { getText }, slides: slideStore, insights,
    engine: createExtractiveNotesEngine(), newId: () => `id-${++n}`,
    log: { error: (message: string) => { errors.push(message); } },
    chapters: {
      transcripts, files: { getJson: async <T>(key: string) => JSON.parse(await getText(key)) as T }, slides: slideStore,
      notes: {
        state: (meetingId) => insights.state(meetingId, 'notes'),
        async saveChapters(meetingId, chapters) {
          chapterSaves.push(chapters);
          insights.notes.set(meetingId, { ...insights.notes.get(meetingId)!, chapters });
          return true;
        },
      },
    },
    notify: {
      meetings: { find: async () => ({ meeting: { id: ID, name: 'Launch sync', hostUserId: 'u-host' } as never, attendees: [] }) },
      users: { findById: async () => ({ email: 'host@example.com', emailNotes: true }) as never },
      mailer: { send: async (message) => { mails.push(message.to); } },
      appUrl: 'https://app.example.com',
    },
  };
  return {
    ports, insights, errors, mails, chapterSaves,
    resetIds: () => { n = 0; },
    setSlides: (s: readonly Slide[] | undefined) => { slides = s; },
    slideLooks: () => slideLooks,
    onSecondSlideLook: (s: readonly Slide[]) => {
      slideStore.findSlides = async () => { slideLooks += 1; return slideLooks >= 2 ? s : undefined; };
    },
  };
}

describe('the notes step (writeNotesForRun)', () => {
  it('drafts the notes from the stored transcript with the current names, stores them ready and mails the host', async () => {
    const t = setUp({ names: { spk_0: 'Alice', spk_1: 'Bob' } });
    const result = await writeNotesForRun(t.ports, ID);
    const stored = t.insights.notes.get(ID)!;
    expect(result).toEqual({ status: 'ready', engine: 'extractive', actionItems: stored.action_items.length, chapters: stored.chapters!.length, mailed: true });
    expect(stored.speaker_names).toEqual({ spk_0: 'Alice', spk_1: 'Bob' });
    expect(stored.action_items.length).toBeGreaterThan(0);
    expect(stored.action_items[0]!.owner).toBe('Bob');
    expect(t.mails).toEqual(['host@example.com']);
  });

  it('reads where BuildTranscript writes, with the default names, when the run has no transcript record', async () => {
    const t = setUp({ record: false });
    await writeNotesForRun(t.ports, ID);
    expect(t.insights.notes.get(ID)!.speaker_names).toEqual({});
  });

  it('puts slides the frames stage stored meanwhile into the chapters, and does not look again when it saw them', async () => {
    const late = setUp();
    late.onSecondSlideLook(SLIDES);
    await writeNotesForRun(late.ports, ID);
    expect(late.chapterSaves).toHaveLength(1);

    const early = setUp();
    early.setSlides(SLIDES);
    await writeNotesForRun(early.ports, ID);
    expect(early.slideLooks()).toBe(1);
    expect(early.chapterSaves).toHaveLength(0);
  });

  it('keeps the notes when the mail fails, and says so in the log', async () => {
    const t = setUp();
    t.ports.notify!.mailer.send = async () => { throw new Error('SES down'); };
    expect((await writeNotesForRun(t.ports, ID)).mailed).toBe(false);
    expect(t.insights.notes.has(ID)).toBe(true);
    expect(t.errors).toEqual(['Could not send the notes-ready mail']);
  });

  it('keeps the stored notes when the engine fails', async () => {
    const t = setUp();
    const failing: NotesEngine = { name: 'broken', draft: async () => { throw new Error('model missing'); } };
    await expect(writeNotesForRun({ ...t.ports, engine: failing }, ID)).rejects.toThrow(NotesGenerationFailed);
    expect(t.insights.notes.has(ID)).toBe(false);
  });
});

describe('one drafting for the pipeline and regenerate', () => {
  it('regenerate stores what the notes step stores from the same transcript and names, keeping the host’s work', async () => {
    const names = { spk_0: 'Alice', spk_1: 'Bob' };
    const pipeline = setUp({ names });
    await writeNotesForRun(pipeline.ports, ID);

    const again = setUp({ names });
    const meetings = new InMemoryMeetings();
    await meetings.create(
      { id: ID, name: 'Launch sync', startTime: null, endTime: null, recordingAvailable: true, boardsShared: 0, createdAt: '2025-01-01T00:00:00Z',
        hostUserId: USERS.host.userId },
      { id: 'a-1', email: USERS.host.email, name: 'Host', role: 'host' },
    );
    const ports = { ...again.ports, meetings, limits: new MemoryLimits(), clock: () => Date.parse('2025-03-06T10:00:00Z') };
    const shown = await regenerateNotes(ports, USERS.host, ID);
    expect(again.insights.notes.get(ID)).toEqual(pipeline.insights.notes.get(ID));
    expect(shown).toEqual(pipeline.insights.notes.get(ID));

    // The host deletes an action item and regenerates: it stays deleted.
    const first = again.insights.notes.get(ID)!;
    const edited: MeetingNotes = { ...first, action_items: first.action_items.slice(1), deleted_action_items: [first.action_items[0]!] as never };
    await again.insights.saveNotes(ID, edited);
    again.resetIds();
    const regenerated = await regenerateNotes(ports, USERS.host, ID);
    expect(regenerated.action_items.map((a) => a.content)).not.toContain(first.action_items[0]!.content);
  });
});
