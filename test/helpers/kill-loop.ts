/**
 * The kill -9 loop of issue #19: the local edition runs in a child process while recordings are processed and
 * is killed with SIGKILL at random moments, then restarted on the same data, `kills` times. Afterwards every
 * meeting must end ready, or failed with a reason; there must be no duplicate meeting, run or transcript; and
 * each recording's minutes must be charged once. Used by test/integration/kill-loop.test.ts (a short loop) and
 * `npm run bench:chaos` (≥ 10 kills, prints the outcome). Needs no jest globals.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { MEDIA_BUCKET } from '../../lib/definitions/resources.js';
import { LOCAL_CREDENTIALS } from '../../local/runtime.js';
import { fixture, pipelineHarness, PROCESS_MEETING } from '../integration/pipeline-harness.js';
import { fixtureClip } from './clips.js';
import { eventually } from './eventually.js';
import { killHard, startChildEdition, stillRunning, type ChildEditionReady } from './child-edition.js';
import { signUpAndSignIn } from './users.js';

export interface KillLoopOptions {
  readonly dataDir: string;
  readonly kills: number;
  /** Longest random wait between a start and its kill. @default 8000 */
  readonly maxDelayMs?: number;
  /** Meetings uploaded before the first kill. @default 2 */
  readonly initialMeetings?: number;
  /** At most this many meetings are uploaded (one more whenever none is being processed at a kill). @default 4 */
  readonly maxMeetings?: number;
  /** How long the meetings may take to settle after the last restart. @default 600_000 */
  readonly settleMs?: number;
  /** Upload only the first this many seconds of the 60 s fixture (test/helpers/clips.ts). @default all of it */
  readonly recordingSeconds?: number;
  readonly log?: (line: string) => void;
}

export interface KillLoopOutcome {
  readonly kills: number;
  /** For each kill: ms after the edition was ready, and the steps the meetings were at. */
  readonly killedAt: ReadonlyArray<{ readonly afterMs: number; readonly steps: readonly string[] }>;
  readonly meetings: ReadonlyArray<{
    readonly id: string; readonly status: string; readonly reason: string | null; readonly minutesCharged: number | null;
    readonly executions: number; readonly runClaims: number; readonly charges: number; readonly transcripts: number;
  }>;
  readonly minutesLeft: number;
  /** Everything that broke a promise; empty when the loop passed. */
  readonly problems: readonly string[];
  readonly seconds: number;
}

const FIXTURE = 'meeting_ami.m4a';
const FREE_MINUTES = 60;

/** The bytes each meeting uploads: the fixture, or its first `seconds`. */
async function recording(seconds: number | undefined): Promise<Buffer> {
  if (seconds === undefined) return readFile(fixture(FIXTURE));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-kill-loop-clip-'));
  try {
    return await readFile(await fixtureClip(FIXTURE, seconds, dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs the loop; resolves with what it found (it does not throw on a broken promise: see `problems`). */
export async function runKillLoop(options: KillLoopOptions): Promise<KillLoopOutcome> {
  const log = options.log ?? (() => undefined);
  const maxDelayMs = options.maxDelayMs ?? 8_000;
  const maxMeetings = options.maxMeetings ?? 4;
  const began = Date.now();
  let ready: ChildEditionReady;
  let child: ChildProcess | undefined;
  const h = pipelineHarness(() => ({
    url: ready.url, endpoints: ready.endpoints,
    stateMachineArn: `arn:aws:states:us-east-1:000000000000:stateMachine:${PROCESS_MEETING.localName}`,
  }));
  const start = async () => {
    const started = await startChildEdition(options.dataDir);
    child = started.child;
    ready = started.ready;
  };
  const bytes = await recording(options.recordingSeconds);
  const meetingIds: string[] = [];
  const upload = async (token: string) => {
    const created = await h.api('POST', 'meetings/', token, { name: `Kill loop ${meetingIds.length + 1}` });
    if (created.status !== 201) throw new Error(`POST meetings/ answered ${created.status}: ${created.text}`);
    const id = created.body.id as string;
    meetingIds.push(id);
    const link = await h.api('GET', `meetings/${id}/video_upload_url/?file_name=${FIXTURE}`, token);
    if (link.status !== 200) throw new Error(`video_upload_url answered ${link.status}: ${link.text}`);
    const form = new FormData();
    for (const [k, v] of Object.entries(link.body.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)]), FIXTURE);
    const posted = await fetch(link.body.url, { method: 'POST', body: form });
    if (posted.status >= 300) throw new Error(`upload answered ${posted.status}: ${await posted.text()}`);
    log(`uploaded meeting ${meetingIds.length} (${id})`);
  };
  const states = async (token: string) => Promise.all(meetingIds.map(async (id) => {
    const answer = await h.api('GET', `meetings/${id}/`, token);
    return answer.status === 200 ? (answer.body.processing ?? null) : null;
  }));

  const killedAt: Array<{ afterMs: number; steps: string[] }> = [];
  try {
    await start();
    const host = await signUpAndSignIn(ready!.url, `kill-loop-${Date.now()}@example.com`);
    for (let i = 0; i < (options.initialMeetings ?? 2); i += 1) await upload(host.access);
    for (let k = 1; k <= options.kills; k += 1) {
      const readyAt = Date.now();
      const now = await states(host.access);
      const busy = now.some((p) => !p || (p.status !== 'ready' && p.status !== 'failed'));
      if (!busy && meetingIds.length < maxMeetings) await upload(host.access);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * maxDelayMs)));
      const steps = (await states(host.access).catch(() => [])).map((p) => (p ? `${p.status}:${p.step ?? '-'}` : 'none'));
      const afterMs = Date.now() - readyAt;
      await killHard(child!);
      killedAt.push({ afterMs, steps });
      log(`kill ${k}/${options.kills} after ${afterMs} ms, meetings at ${steps.join(', ')}`);
      await start();
    }

    // Settle: every meeting ready or failed.
    const settled = await eventually(async () => {
      const now = await states(host.access);
      if (now.some((p) => !p || (p.status !== 'ready' && p.status !== 'failed'))) {
        throw new Error(`not settled: ${now.map((p) => (p ? `${p.status}:${p.step}` : 'none')).join(', ')}`);
      }
      return now;
    }, options.settleMs ?? 600_000, 1_000);

    const problems: string[] = [];
    const s3 = new S3Client({
      endpoint: ready!.endpoints.S3, region: 'us-east-1', forcePathStyle: true,
      // Every restarted child edition inherits this run's key pair (MEETSCRIBE_LOCAL_CREDENTIALS, set by local/runtime.ts).
      credentials: LOCAL_CREDENTIALS,
    });
    const meetings = [];
    for (const [i, id] of meetingIds.entries()) {
      const p = settled[i];
      if (p.status === 'failed' && !p.reason) problems.push(`meeting ${id} failed without a reason`);
      const executions = await h.executionsOf(id);
      const succeeded = executions.filter((e) => e.status === 'SUCCEEDED');
      if (succeeded.length > 1) problems.push(`meeting ${id}: ${succeeded.length} successful executions`);
      const claims = await h.runClaims(id);
      if (claims.length !== 1) problems.push(`meeting ${id}: ${claims.length} run claims`);
      const charges = (await h.charges(id)).filter((c) => c.refunded !== true);
      if (p.status === 'ready' && (charges.length !== 1 || p.minutes_charged !== charges[0]?.minutes)) {
        problems.push(`meeting ${id}: ${charges.length} charges for one recording (minutes_charged ${p.minutes_charged})`);
      }
      if (p.status === 'failed' && charges.length !== 0) problems.push(`meeting ${id} failed but ${charges.length} charge(s) stand`);
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: MEDIA_BUCKET.localName, Prefix: `artefacts/${id}/` }));
      const transcripts = (listed.Contents ?? []).filter((o) => /transcript[^/]*\.json$/i.test(o.Key ?? '')).length;
      if (p.status === 'ready' && transcripts !== 1) problems.push(`meeting ${id}: ${transcripts} transcript files`);
      meetings.push({
        id, status: p.status, reason: p.reason ?? null, minutesCharged: p.minutes_charged ?? null,
        executions: executions.length, runClaims: claims.length, charges: charges.length, transcripts,
      });
    }
    s3.destroy();
    const list = await h.api('GET', 'meetings/?page_size=100', host.access);
    const own = (list.body.results as Array<{ id: string; is_sample: boolean }>).filter((m) => !m.is_sample).map((m) => m.id);
    if (own.length !== meetingIds.length || new Set(own).size !== own.length) problems.push(`meetings list shows ${own.length} meetings for ${meetingIds.length} created`);
    const charged = meetings.reduce((sum, m) => sum + (m.status === 'ready' ? m.minutesCharged ?? 0 : 0), 0);
    const minutesLeft = await h.minutesLeft(host.userId);
    if (minutesLeft !== FREE_MINUTES - charged) problems.push(`minutes left ${minutesLeft}, expected ${FREE_MINUTES - charged}`);
    return { kills: killedAt.length, killedAt, meetings, minutesLeft, problems, seconds: Math.round((Date.now() - began) / 1000) };
  } finally {
    if (stillRunning(child)) await killHard(child);
  }
}
