import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { signUpAndSignIn, type SignedInUser } from '../helpers/users.js';
import { pipelineHarness, PROCESS_MEETING } from './pipeline-harness.js';

const PROCESSING = 600_000;
let edition: LocalEdition;
let dataDir: string;
let user: SignedInUser;
const meetings: Record<'mp4' | 'm4a', string> = {} as never;
const h = pipelineHarness(() => ({ url: edition.url, endpoints: edition.endpoints, stateMachineArn: edition.stepFunctions.arnFor(PROCESS_MEETING.id) }));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-search-pipeline-'));
  edition = await startLocalEdition({ dataDir, port: 0, waitScale: 0.2 });
  user = await signUpAndSignIn(edition.url, 'uploader@search-pipeline.example.com');
  [meetings.mp4, meetings.m4a] = await Promise.all([h.uploadFixture(user.access, 'meeting_constructed.mp4'), h.uploadFixture(user.access, 'meeting_ami.m4a')]);
  await Promise.all(Object.values(meetings).map((id) => h.waitForMeeting(user.access, id, h.settled, PROCESSING)));
}, PROCESSING + 120_000);

afterAll(async () => {
  await edition?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the video branch of the processing state machine', () => {
  it('reads the slide of an uploaded mp4 into text search, beside the transcript', async () => {
    const [execution] = await h.executionsOf(meetings.mp4);
    const states = await h.statesEntered(execution!.executionArn!);
    expect(execution!.status).toBe('SUCCEEDED');
    expect(states).toEqual(expect.arrayContaining(['ExtractFrames', 'OcrFrames', 'OcrFrame', 'IndexFrames', 'IndexSpokenWords']));
    expect(states).not.toContain('FrameNotRead');
    const found = await h.api('POST', 'search/search_content/', user.access, { query: 'reading group', meeting_id: meetings.mp4 });
    expect(found.body.total_matches).toBeGreaterThan(0);
    expect(found.body.matched_data[0].words.map((w: { text: string }) => w.text)).toEqual(['Reading', 'group:']);
  });

  it('skips frames for an m4a and still ends ready', async () => {
    const [execution] = await h.executionsOf(meetings.m4a);
    const states = await h.statesEntered(execution!.executionArn!);
    expect(execution!.status).toBe('SUCCEEDED');
    expect(states.filter((s) => s === 'OcrFrame')).toEqual([]);
    expect((await h.api('POST', 'search/search_content/', user.access, { query: 'agenda', meeting_id: meetings.m4a })).body.total_matches).toBe(0);
  });
});
