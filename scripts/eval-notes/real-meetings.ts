/**
 * `npm run eval:notes -- --text DIR --labels LABELS [--predictions FILE] [--only REGEX]`: the notes of real meetings,
 * measured against labels written per ../shared/data/meetings-text/ANNOTATION.md. Each labelled meeting of DIR (QMSum
 * `<id>.json`, `meeting_transcripts: [{speaker, content}]`) is imported as a JSON turn list, the turns exactly as given,
 * through POST meetings/{id}/transcript_import/ into a running local edition; its notes and transcript are read back
 * through the API, each item's time range mapped to the file's turns (turn-spans.ts) and scored (label-score.ts).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fmt, scoreMeeting, summarise, type LabelledMeeting, type MeetingScore, type Prediction } from './label-score.js';
import { predictionOf, type NotesAnswer, type TimedLine } from './turn-spans.js';

export interface RealMeetingsOptions { readonly text: string; readonly labels: string; readonly predictions?: string; readonly only?: string }

interface QmsumMeeting { readonly meeting_transcripts: ReadonlyArray<{ readonly speaker: string; readonly content: string }> }

const NOTES_TIMEOUT_MS = 10 * 60_000;

/** Runs the evaluation; answers the process exit code (1 when a meeting could not be imported or got no notes). */
export async function evaluateRealMeetings(options: RealMeetingsOptions): Promise<number> {
  const ids = await labelledMeetings(options);
  console.log(
    `${ids.length} labelled meetings of ${options.text} (labels: ${options.labels}); notes through the transcript import of the local edition; cores: ` +
      `${os.availableParallelism()}`);
  if (ids.length === 0) return 1;
  const { startLocalEdition } = await import('../../local/runtime.js');
  const { signUpAndSignIn } = await import('../../test/helpers/users.js');
  const work = await mkdtemp(path.join(os.tmpdir(), 'eval-notes-real-'));
  const edition = await startLocalEdition({ dataDir: path.join(work, 'data'), port: 0 });
  const predictions: Record<string, Prediction> = {};
  const scores: MeetingScore[] = [];
  let failures = 0;
  try {
    const user = await signUpAndSignIn(edition.url, 'eval-notes-real@example.com');
    const call = apiOf(edition.url, user.access);
    for (const id of ids) {
      try {
        const started = performance.now();
        const meeting = JSON.parse(await readFile(path.join(options.text, `${id}.json`), 'utf8')) as QmsumMeeting;
        const gold = JSON.parse(await readFile(path.join(options.labels, `${id}.json`), 'utf8')) as LabelledMeeting;
        const { notes, lines } = await importAndRead(call, id, meeting);
        const prediction = predictionOf(notes, lines);
        predictions[id] = prediction;
        const score = scoreMeeting(gold, prediction);
        scores.push(score);
        console.log(`${id.padEnd(16)} ${meeting.meeting_transcripts.length} turns, ${((performance.now() - started) / 1000).toFixed(1)} s: ${line(score)}`);
      } catch (error) {
        failures++;
        const cause = (error as Error & { cause?: Error }).cause;
        console.log(`${id.padEnd(16)} FAILED: ${(error as Error).message}${cause ? ` (${cause.message})` : ''}`);
      }
    }
  } finally {
    await edition.stop();
    await rm(work, { recursive: true, force: true });
  }
  if (options.predictions) {
    await writeFile(options.predictions, `${JSON.stringify(predictions, null, 1)}\n`);
    console.log(`predictions written to ${options.predictions}`);
  }
  const summaryPoints = scores.reduce((n, s) => n + s.key.pred, 0);
  console.log(`\nOverall (${scores.length} meetings, micro-averaged): ${fmt(summarise(scores))}`);
  console.log(`Summary points: ${summaryPoints} (${(summaryPoints / Math.max(1, scores.length)).toFixed(1)} a meeting, at most ${Math.max(0,
    ...scores.map((s) => s.key.pred))}); key points found ${scores.reduce((n, s) => n + s.key.hits, 0)} of ${scores.reduce((n, s) => n + s.key.gold, 0)}`);
  if (failures) console.log(`${failures} meeting(s) FAILED`);
  return failures ? 1 : 0;
}

/** Meeting ids with both a label file and a meeting file, filtered by --only, in name order. */
async function labelledMeetings(options: RealMeetingsOptions): Promise<string[]> {
  const texts = new Set((await readdir(options.text)).filter((f) => f.endsWith('.json')));
  const only = options.only ? new RegExp(options.only) : undefined;
  return (await readdir(options.labels)).filter((f) => f.endsWith('.json') && texts.has(f)).map((f) => f.slice(0, -5))
    .filter((id) => !only || only.test(id)).sort();
}

type Call = (method: string, route: string, body?: string, contentType?: string) => Promise<{ status: number; body: any }>;

function apiOf(base: string, token: string): Call {
  return async (method, route, body, contentType = 'application/json') => {
    const send = () => fetch(`${base}/api/${route}`, { method, body, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} :
      { 'content-type': contentType }) } });
    // A read is sent again once when the connection drops (a kept-alive socket the server closed meanwhile).
    const response = await send().catch((error: unknown) => (method === 'GET' ? send() : Promise.reject(error)));
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

/** Creates a meeting, imports the turns exactly as given, waits for the notes; answers them with the transcript's lines. */
async function importAndRead(call: Call, id: string, meeting: QmsumMeeting): Promise<{ notes: NotesAnswer; lines: TimedLine[] }> {
  const created = await call('POST', 'meetings/', JSON.stringify({ name: id }));
  if (created.status !== 201) throw new Error(`creating the meeting answered ${created.status}`);
  const meetingId = created.body.id as string;
  const turns = meeting.meeting_transcripts.map((t) => ({ speaker: t.speaker, text: t.content }));
  const imported = await call('POST', `meetings/${meetingId}/transcript_import/?file_name=${encodeURIComponent(`${id}.json`)}`, JSON.stringify(turns));
  if (imported.status !== 202) throw new Error(`the import answered ${imported.status} ${JSON.stringify(imported.body)}`);
  const deadline = Date.now() + NOTES_TIMEOUT_MS;
  let notes = await call('GET', `meetings/${meetingId}/generated_notes/`);
  while (notes.status !== 200) {
    if (notes.status === 409 || Date.now() > deadline) throw new Error(`no notes: ${notes.status} ${JSON.stringify(notes.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    notes = await call('GET', `meetings/${meetingId}/generated_notes/`);
  }
  const link = await call('GET', `meetings/${meetingId}/transcript/?format=json`);
  const download = () => fetch(link.body.url as string);
  const transcript = await (await download().catch(download)).json() as { lines: TimedLine[] };
  if (transcript.lines.length !== turns.length) throw new Error(`the transcript has ${transcript.lines.length} lines for ${turns.length} turns`);
  return { notes: notes.body as NotesAnswer, lines: transcript.lines };
}

/** One meeting's figures (P/R/F1 as the overall line computes them) with the counts behind them. */
function line(s: MeetingScore): string {
  const t = summarise([s]);
  const f = (x: number) => x.toFixed(2);
  return `actions P ${f(t.action.p)} R ${f(t.action.r)} F1 ${f(t.action.f1)} (span-only F1 ${f(
    t.actionSpan.f1)}; ${s.action.hits} with owner, ${s.action.spanHits} on span, of ${s.action.pred} found, ${s.action.gold} gold); `
    + `decisions P ${f(t.decision.p)} R ${f(t.decision.r)} F1 ${f(t.decision.f1)} (${s.decision.hits} of ${s.decision.pred}, ${s.decision.gold} gold); `
    + `key points ${s.key.hits}/${s.key.gold} with ${s.key.pred} summary points; gold topics named by the overview ${s.topics.overview}/${s.topics.gold}, ` +
      `by the notes ${s.topics.notes}/${s.topics.gold}`;
}
