/**
 * `eval:ask` through the product: a local edition in a temporary folder, one user, each meeting created
 * (POST meetings/) and its turns imported (POST meetings/{id}/transcript_import/?file_name=…, a JSON body
 * [{speaker, text}], the agreed import call of issue 27), processing awaited (GET meetings/{id}/ until
 * ready), then every question asked through POST search/ask/, within its meeting (meeting_id) and across
 * all (none), once per ranking (`retrieval`), with max_citations 10.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AskAnswer } from '../../functions/contracts/ask.js';
import type { PassageDoc } from '../../functions/core/ask/model.js';
import { RANKINGS, type Asked, type RankingName } from './direct.js';
import type { EvalMeeting } from './qmsum.js';

interface Api { (route: string, init?: RequestInit): Promise<{ status: number; body: any }> }

const client = (base: string, token: string): Api => async (route, init = {}) => {
  const send = () => fetch(`${base}/api/${route}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json',
    ...(init.headers ?? {}) } });
  // A read (a GET, or an ask, which changes nothing) is sent again once when the connection drops: a kept-alive socket
  // the server closed meanwhile (as eval:notes does).
  const reads = (init.method ?? 'GET') === 'GET' || route.startsWith('search/ask/');
  const response = await send().catch((error: unknown) => (reads ? send() : Promise.reject(error)));
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
};

/** Imports a meeting's turns and waits until its processing ends; returns the product's meeting id. */
async function importMeeting(api: Api, m: EvalMeeting): Promise<string> {
  const created = await api('meetings/', { method: 'POST', body: JSON.stringify({ name: m.id }) });
  if (created.status !== 201 && created.status !== 200) throw new Error(`${m.id}: POST meetings/ answered ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  // Empty turns stay empty (the import keeps them, so turn i is line i), as the direct run embeds and indexes them.
  const turns = m.turns.map((t) => ({ speaker: t.speaker, text: t.text }));
  const imported = await api(`meetings/${id}/transcript_import/?file_name=${encodeURIComponent(m.id)}.json`, { method: 'POST', body: JSON.stringify(turns) });
  if (imported.status !== 202) throw new Error(`${m.id}: transcript_import answered ${imported.status} ${JSON.stringify(imported.body)}`);
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const view = await api(`meetings/${id}/`);
    const status = view.body?.processing?.status;
    if (status === 'ready') return id;
    if (status === 'failed') throw new Error(`${m.id}: processing failed: ${view.body.processing.reason}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${m.id}: not processed within 10 minutes`);
}

/** A citation as the scoring reads it: its meeting (eval id) and turns. */
const asPassage = (byProductId: Map<string, string>) => (c: AskAnswer['citations'][number]): PassageDoc => ({
  meetingId: byProductId.get(c.meeting_id) ?? c.meeting_id, kind: 'speech', position: 0, firstTurn: c.turns[0], lastTurn: c.turns[1],
  start: c.start_time, end: c.end_time, lines: [],
});

export async function runProduct(meetings: readonly EvalMeeting[], o: { top: number }): Promise<Map<string, Asked[]>> {
  const { startLocalEdition } = await import('../../local/runtime.js');
  const { signUpAndSignIn } = await import('../../test/helpers/users.js');
  const work = await mkdtemp(path.join(os.tmpdir(), 'eval-ask-product-'));
  const edition = await startLocalEdition({ dataDir: path.join(work, 'data'), port: 0 });
  try {
    const user = await signUpAndSignIn(edition.url, 'eval-ask@example.com');
    const api = client(edition.url, user.access);
    const ids = new Map<string, string>();
    for (const m of meetings) ids.set(m.id, await importMeeting(api, m));
    const byProductId = new Map([...ids].map(([evalId, id]) => [id, evalId]));
    const ask = async (query: string, meetingId: string | undefined, retrieval: RankingName) => {
      const started = performance.now();
      const answer = await api('search/ask/', { method: 'POST', body: JSON.stringify({ question: query, meeting_id: meetingId, max_citations: o.top,
        retrieval }) });
      if (answer.status !== 200) throw new Error(`POST search/ask/ answered ${answer.status} ${JSON.stringify(answer.body)}`);
      return { citations: (answer.body as AskAnswer).citations.map(asPassage(byProductId)), ms: performance.now() - started };
    };
    const results = new Map<string, Asked[]>();
    for (const m of meetings) {
      const asked: Asked[] = [];
      for (const q of m.questions) {
        const within = {} as Record<RankingName, PassageDoc[]>;
        const across = {} as Record<RankingName, PassageDoc[]>;
        let ms = 0;
        for (const name of RANKINGS) {
          const inMeeting = await ask(q.query, ids.get(m.id), name);
          if (name === 'hybrid') ms = inMeeting.ms;
          within[name] = inMeeting.citations;
          across[name] = (await ask(q.query, undefined, name)).citations;
        }
        asked.push({ within, across, ms, topCosine: (within.hybrid ?? []).length > 0 ? 1 : 0 });
      }
      results.set(m.id, asked);
    }
    return results;
  } finally {
    await edition.stop();
    await rm(work, { recursive: true, force: true });
  }
}
