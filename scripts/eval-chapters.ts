/**
 * Evaluation of chapters on QMSum-format meetings (`topic_list`: each topic's turn spans): Pk and WindowDiff of the
 * chapter boundaries against the topics', beside a baseline of as many evenly spaced boundaries, in the same run.
 *
 *   npm run eval:chapters -- --text DIR [--json FILE]            each meeting imported through the product's transcript
 *                                                                import into a local edition; chapters read from its notes
 *   npm run eval:chapters -- --text DIR --direct [--json FILE]   the chapter core on the turns (no local edition; for tuning)
 *   --only REGEXP                                               only the meetings whose id matches
 *
 * `--json FILE` writes `{<meeting id>: {chapters: [{title, turns: [first, last]}]}}`. Also prints the time chapters take
 * for a 60-minute meeting (the core, on the longest meeting's turns cut to 60 minutes of synthetic times).
 * Tune on train/, report on val/ (docs/insights.md, Chapters).
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildChapters } from '../functions/core/chapters/build-chapters.js';
import { loadMeetings, timed, type Meeting } from './eval-chapters/meetings.js';
import { evenBoundaries, pk, topicBoundaries, windowDiff } from './eval-chapters/segmentation.js';

const { values } = parseArgs({
  options: { text: { type: 'string' }, json: { type: 'string' }, direct: { type: 'boolean', default: false }, only: { type: 'string' } },
});
if (!values.text) { console.error('usage: npm run eval:chapters -- --text DIR [--direct] [--json FILE] [--only REGEXP]'); process.exit(2); }

interface Result { id: string; chapters: Array<{ title: string; turns: [number, number] }> }

function direct(meeting: Meeting): Result {
  const chapters = buildChapters(timed(meeting.turns));
  return { id: meeting.id, chapters: chapters.map((c) => ({ title: c.title, turns: [c.turns[0], c.turns[1]] })) };
}

async function throughProduct(meetings: Meeting[]): Promise<Result[]> {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { startLocalEdition } = await import('../local/runtime.js');
  const { signUpAndSignIn } = await import('../test/helpers/users.js');
  const work = await mkdtemp(path.join(os.tmpdir(), 'eval-chapters-'));
  const edition = await startLocalEdition({ dataDir: path.join(work, 'data'), port: 0, log: () => undefined });
  const api = async (token: string, route: string, init: RequestInit = {}) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) };
    const send = () => fetch(`${edition.url}/api/${route}`, { ...init, headers });
    // Sent again once when the connection drops (a kept-alive socket the server closed meanwhile): harmless for a read,
    // and for a write here at worst an unused meeting or an import refused as already started (reported as such).
    const response = await send().catch(() => send());
    const body = await response.text();
    return { status: response.status, body: body ? JSON.parse(body) : undefined };
  };
  const results: Result[] = [];
  try {
    const user = await signUpAndSignIn(edition.url, 'eval-chapters@example.com');
    for (const meeting of meetings) {
      const created = await api(user.access, 'meetings/', { method: 'POST', body: JSON.stringify({ name: meeting.id }) });
      const started = await api(user.access, `meetings/${created.body.id}/transcript_import/?file_name=${meeting.id}.json`,
        { method: 'POST', body: JSON.stringify(meeting.turns) });
      if (started.status !== 202) throw new Error(`${meeting.id}: transcript_import answered ${started.status} ${JSON.stringify(started.body)}`);
      const since = Date.now();
      for (;;) {
        const notes = await api(user.access, `meetings/${created.body.id}/generated_notes/`);
        if (notes.status === 200 && Array.isArray(notes.body?.chapters)) {
          const chapters = notes.body.chapters as Array<{ title: string; turns: [number, number] }>;
          results.push({ id: meeting.id, chapters: chapters.map((c) => ({ title: c.title, turns: [c.turns[0], c.turns[1]] })) });
          break;
        }
        const view = await api(user.access, `meetings/${created.body.id}/`);
        if (view.body?.processing?.status === 'failed') throw new Error(`${meeting.id}: processing failed: ${view.body.processing.reason}`);
        if (Date.now() - since > 10 * 60_000) throw new Error(`${meeting.id}: no chapters after 10 minutes`);
        await new Promise((r) => setTimeout(r, 1000));
      }
      // Each meeting's figures as it comes, so that an interrupted run still shows what it measured.
      const row = rowOf(meeting, results.at(-1)!);
      console.log(`  imported ${meeting.id}: ${row.chapters} chapters after ${((Date.now() - since) / 1000).toFixed(1)} s; ` +
        `Pk ${row.pk.toFixed(3)} (even ${row.evenPk.toFixed(3)})`);
    }
  } finally {
    await edition.stop();
    await rm(work, { recursive: true, force: true });
  }
  return results;
}

/** Seconds the chapter core takes for 60 minutes of talk: the longest meeting's turns, repeated if short, timed as imported. */
function timeSixtyMinutes(meetings: Meeting[]): { seconds: number; turns: number; words: number } {
  const longest = [...meetings].sort((a, b) => b.turns.length - a.turns.length)[0];
  const source: Meeting['turns'] = [];
  while (source.length < 100_000) {
    source.push(...longest.turns);
    const turns = timed(source);
    if (turns.at(-1)!.end >= 3600) {
      const hour = turns.filter((t) => t.end <= 3600);
      const started = performance.now();
      buildChapters(hour);
      return { seconds: (performance.now() - started) / 1000, turns: hour.length, words: hour.reduce((s, t) => s + t.text.split(' ').length, 0) };
    }
  }
  throw new Error('no turns to time');
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);

const meetings = await loadMeetings(values.text, values.only ? new RegExp(values.only) : undefined);
const mode = values.direct ? 'direct: the chapter core on the turns' : 'through the transcript import of a local edition';
console.log(`${meetings.length} meetings from ${values.text} (${mode})`);
const results = values.direct ? meetings.map(direct) : await throughProduct(meetings);
function rowOf(meeting: Meeting, result: Result) {
  const n = meeting.turns.length;
  const reference = topicBoundaries(n, meeting.topics);
  const hypothesis = result.chapters.slice(1).map((c) => c.turns[0]);
  const even = evenBoundaries(n, hypothesis.length);
  return { id: result.id, n, chapters: result.chapters.length, topics: reference.length + 1,
    pk: pk(n, reference, hypothesis), wd: windowDiff(n, reference, hypothesis), evenPk: pk(n, reference, even), evenWd: windowDiff(n, reference, even) };
}

const rows = results.map((result) => rowOf(meetings.find((m) => m.id === result.id)!, result));
for (const r of rows) {
  console.log(`  ${r.id.padEnd(16)} turns ${String(r.n).padStart(5)}  topics ${r.topics}  chapters ${r.chapters}  ` +
    `Pk ${r.pk.toFixed(3)} (even ${r.evenPk.toFixed(3)})  WindowDiff ${r.wd.toFixed(3)} (even ${r.evenWd.toFixed(3)})`);
}
const summary = {
  pk: mean(rows.map((r) => r.pk)), wd: mean(rows.map((r) => r.wd)), evenPk: mean(rows.map((r) => r.evenPk)), evenWd: mean(rows.map((r) => r.evenWd)),
};
console.log(`\nMean over ${rows.length} meetings: chapters Pk ${summary.pk.toFixed(3)}, WindowDiff ${summary.wd.toFixed(3)}; ` +
  `evenly spaced baseline Pk ${summary.evenPk.toFixed(3)}, WindowDiff ${summary.evenWd.toFixed(3)}`);
console.log(`Pk / baseline Pk = ${(summary.pk / summary.evenPk).toFixed(3)} (target ≤ 0.8: ${summary.pk <= 0.8 * summary.evenPk ? 'PASS' : 'FAIL'})`);
console.log(`Mean chapters ${mean(rows.map((r) => r.chapters)).toFixed(1)}, mean topics ${mean(rows.map((r) => r.topics)).toFixed(1)}`);
// QMSum's sources by meeting id: AMI (ES/IS/TS), ICSI (B…), Welsh and Canadian parliamentary committees (the rest).
const corpusOf = (id: string) => (/^(ES|IS|TS)\d/.test(id) ? 'AMI' : /^B[a-z]{2}\d/.test(id) ? 'ICSI' : 'committees');
for (const corpus of ['AMI', 'ICSI', 'committees']) {
  const part = rows.filter((r) => corpusOf(r.id) === corpus);
  if (!part.length) continue;
  const m = (pick: (r: (typeof rows)[number]) => number) => mean(part.map(pick)).toFixed(3);
  console.log(`  ${corpus.padEnd(10)} ${String(part.length).padStart(3)} meetings: Pk ${m((r) => r.pk)} (even ${m((r) => r.evenPk)}), ` +
    `WindowDiff ${m((r) => r.wd)} (even ${m((r) => r.evenWd)})`);
}
if (meetings.length) {
  const hour = timeSixtyMinutes(meetings);
  console.log(`Chapters for a 60-minute meeting (${hour.turns} turns, ${hour.words} words; the core, one run): ${hour.seconds.toFixed(2)} s`);
}
if (values.json) {
  await writeFile(values.json, JSON.stringify(Object.fromEntries(results.map((r) => [r.id, { chapters: r.chapters }])), null, 2));
  console.log(`Wrote ${values.json}`);
}
