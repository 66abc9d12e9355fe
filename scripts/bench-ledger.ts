/**
 * npm run bench:ledger — the action items ledger (issue 33): `GET /api/action_items/` for a user with 200 meetings
 * and 1,000 action items, through the local gateway of an edition running in its own process (the timing client does
 * not share its event loop). The meetings are made through the API; their notes (5 action items each, with a summary
 * and decisions of a typical size) are written as the notes stage writes them. Prints p50/p95/p99 of the ledger as
 * the screen first loads it, filtered ("mine, open"), and of marking an item done.
 *
 * Options (env): BENCH_MEETINGS (default 200), BENCH_ITEMS_PER_MEETING (default 5), BENCH_REQUESTS (default 200).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
// The run's key pair (the child edition inherits it): the embedded DynamoDB refuses any other signature.
import { LOCAL_CREDENTIALS } from '../local/runtime.js';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { insightKeys } from '../functions/adapters/insights/insight-keys.js';
import { MAIN_TABLE } from '../lib/definitions/resources.js';
import { killHard, startChildEdition } from '../test/helpers/child-edition.js';
import { signUpAndSignIn } from '../test/helpers/users.js';

const MEETINGS = Number(process.env.BENCH_MEETINGS ?? 200);
const PER_MEETING = Number(process.env.BENCH_ITEMS_PER_MEETING ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const OWNERS = ['Bench User', 'Ana López', 'Sam', 'Priya', null];
const DUES = ['Friday', 'end of the month', 'next week', 'tomorrow', null, 'after the launch'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function notesFor(meetingId: string, m: number) {
  const items = Array.from({ length: PER_MEETING }, (_, i) => ({
    number: i + 1, id: `${meetingId}-item-${i + 1}`, content: `${OWNERS[(m + i) % OWNERS.length] ?? 'Team'}: follow up on point ${i +
      1} of meeting ${m} and report back to the group`,
    timestamp_range: { start_time: 60 * i, end_time: 60 * i + 12 }, stored_in_todoist: i % 3 === 0, owner: OWNERS[(m + i) % OWNERS.length],
    due: DUES[(m + i) % DUES.length], ...(i % 4 === 0 ? { status: 'done', status_changed_at: new Date().toISOString() } : {}),
  }));
  const summary = Array.from({ length: 8 }, (_, i) => `Key point ${i +
    1} of meeting ${m}: the group went through the figures and the plan for the coming weeks in some detail.`);
  return {
    notes_id: `${meetingId}-notes`,
      overview: `Bench meeting ${m} discussed the launch, the budget and the hiring plan. They recorded 2 decisions and ${PER_MEETING} action items.`,
    summary, timestamp_ranges: summary.map((_, i) => ({ start_time: i * 60, end_time: i * 60 + 30 })),
    decisions: [{ content: 'Launch on the first of the month.', timestamp_range: { start_time: 100, end_time: 110 } }],
    action_items: items,
  };
}

async function time(n: number, call: (i: number) => Promise<Response>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const began = performance.now();
    const res = await call(i);
    await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    ms.push(performance.now() - began);
  }
  return ms.sort((a, b) => a - b);
}

const line = (name: string, ms: number[]) =>
  `${name.padEnd(34)} p50 ${percentile(ms, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(ms, 95).toFixed(1).padStart(6)} ms  p99 ${percentile(ms,
    99).toFixed(1).padStart(6)} ms  (${ms.length} requests, one at a time)`;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-bench-ledger-'));
  const { child, ready } = await startChildEdition(dataDir);
  try {
    const base = ready.url;
    const user = await signUpAndSignIn(base, 'bench-user@example.com');
    const auth = { authorization: `Bearer ${user.access}`, 'content-type': 'application/json' };
    const db = DynamoDBDocumentClient.from(new DynamoDBClient({
      endpoint: ready.endpoints.DYNAMODB, region: process.env.AWS_REGION ?? 'us-east-1', credentials: LOCAL_CREDENTIALS,
    }));
    const ids: string[] = [];
    for (let m = 0; m < MEETINGS; m++) {
      const res = await fetch(`${base}/api/meetings/`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `Bench meeting ${m}` }) });
      const id = ((await res.json()) as { id: string }).id;
      ids.push(id);
      await db.send(new PutCommand({ TableName: MAIN_TABLE.localName, Item: {
        ...insightKeys.item(id, 'notes'), type: 'Insight', meetingId: id, kind: 'notes', status: 'ready', updatedAt: new Date().toISOString(),
          notes: notesFor(id, m),
      } }));
    }
    const first = await (await fetch(`${base}/api/action_items/`, { headers: auth })).json() as { count: number };
    if (first.count !== MEETINGS * PER_MEETING) throw new Error(`The ledger lists ${first.count} items, not ${MEETINGS * PER_MEETING}`);
    await time(20, () => fetch(`${base}/api/action_items/`, { headers: auth }));

    console.log(`bench:ledger: ${MEETINGS} meetings, ${first.count} action items; machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) =>
      l.toFixed(1)).join(' ')} (shared: other work may be running)`);
    console.log(line('GET action_items/ (first page)', await time(REQUESTS, () => fetch(`${base}/api/action_items/`, { headers: auth }))));
    console.log(line('GET action_items/?owner=me&status=open', await time(REQUESTS, () => fetch(`${base}/api/action_items/?owner=me&status=open`,
      { headers: auth }))));
    console.log(line('PATCH action_items/{id}/ (done)', await time(Math.min(REQUESTS, 100), (i) =>
      fetch(`${base}/api/action_items/${ids[i % ids.length]}-item-2/`, {
      method: 'PATCH', headers: auth, body: JSON.stringify({ status: i % 2 === 0 ? 'done' : 'open' }),
    }))));
  } finally {
    await killHard(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => { console.error(error); process.exitCode = 1; });
