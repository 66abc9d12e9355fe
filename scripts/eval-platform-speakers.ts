/**
 * Names from the meeting service on scripted four-person meetings (issue 30), through the real local edition:
 * each meeting of test/fixtures/notes-meetings named below is spoken with espeak-ng as one track per person
 * (at run time, in a temp dir), recorded on the local Zoom server with only the active-speaker TIMELINE
 * (`provide: ['timeline']`) — and, with `--transcript`, with only the TRANSCRIPT VTT — imported, transcribed and
 * diarized on the mix, and the speakers named by overlap. Prints the share of speech time (transcript lines)
 * that carries the right name, per meeting and pooled.
 *
 *   npm run eval:platform-speakers [-- --meetings 03-office-move,130-accounting-practice] [--transcript]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startLocalEdition } from '../local/runtime.js';
import { eventually } from '../test/helpers/eventually.js';
import { synthesizeTracks, type TrueTurn } from '../test/helpers/speaker-tracks.js';
import { signUpAndSignIn } from '../test/helpers/users.js';

const { values } = parseArgs({ options: { meetings: { type: 'string', default: '03-office-move,130-accounting-practice' }, transcript: { type: 'boolean',
  default: false }, lines: { type: 'string', default: '14' } } });
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/notes-meetings');
interface Script { id: string; split: string; speakers: { name: string; voice: string }[]; lines: [string, string][] }

const dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-eval-platform-'));
const edition = await startLocalEdition({ dataDir: path.join(dir, 'data'), port: 0 });
const email = 'eval@speakers.example.com';
try {
  const user = await signUpAndSignIn(edition.url, email);
  const api = async (method: string, p: string) => {
    const r = await fetch(`${edition.url}/api/${p}`, { method, headers: { authorization: `Bearer ${user.access}` } });
    return { status: r.status, body: await r.json().catch(() => undefined) as any };
  };
  const link = (await api('GET', 'users/z_authorization_url/')).body.authorization_url as string;
  const back = new URL((await fetch(link, { redirect: 'manual' })).headers.get('location')!);
  await api('GET', `users/${user.userId}/z_user_access_token/?authorization_code=${back.searchParams.get('code')}&state=${encodeURIComponent(
    back.searchParams.get('state')!)}`);

  const sources = values.transcript ? ['timeline', 'transcript'] : ['timeline'];
  const pooled: Record<string, { right: number; all: number }> = {};
  for (const id of values.meetings.split(',')) {
    const script = JSON.parse(await readFile(path.join(fixtures, `${id}.json`), 'utf8')) as Script;
    const voices = script.speakers.map((s) => ({ name: s.name, voice: s.voice }));
    const lines = script.lines.slice(0, Number(values.lines)).map(([who, text]) => [voices.findIndex((v) => v.name === who), text] as const);
    const work = await mkdtemp(path.join(dir, `${id}-`));
    const spoken = await synthesizeTracks(work, voices, lines);
    for (const source of sources) {
      const topic = `${id} (${source})`;
      const made = await fetch(`${edition.url}/dev/zoom/recordings`, { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, topic, provide: [source], participants: voices.map((v, i) => ({ name: v.name, email: `${i}@x.example`,
          file: spoken.tracks[i] })) }) });
      if (made.status !== 201) throw new Error(`recording refused: ${await made.text()}`);
      const meeting = await eventually(async () => {
        const found = ((await api('GET', 'meetings/?page=1')).body.results as any[]).find((m) => m.name === topic);
        if (!found) throw new Error('not imported');
        const processing = (await api('GET', `meetings/${found.id}/`)).body.processing;
        if (processing?.status === 'failed') return { ...found, failed: processing.reason ?? 'failed' };
        if (processing?.status !== 'ready' || processing?.transcript !== 'ready') throw new Error('processing');
        return found;
      }, 30 * 60_000, 1000);
      if (meeting.failed) throw new Error(`${topic} failed: ${meeting.failed}`);
      const url = await eventually(async () => {
        const answer = (await api('GET', `meetings/${meeting.id}/transcript/?format=json`)).body;
        if (!answer?.url) throw new Error(`no transcript link yet: ${JSON.stringify(answer)}`);
        return answer.url as string;
      }, 120_000, 1000);
      const got = (await (await fetch(url)).json()).lines as { speaker: string; start: number; end: number }[];
      const truth = (l: { start: number; end: number }) => {
        const o = (t: TrueTurn) => Math.min(l.end, t.end) - Math.max(l.start, t.start);
        return [...spoken.turns].sort((a, b) => o(b) - o(a))[0]!.name;
      };
      const all = got.reduce((s, l) => s + (l.end - l.start), 0);
      const right = got.filter((l) => l.speaker === truth(l)).reduce((s, l) => s + (l.end - l.start), 0);
      const p = (pooled[source] ??= { right: 0, all: 0 });
      p.right += right;
      p.all += all;
      console.log(`${id.padEnd(28)} ${script.split.padEnd(8)} ${source.padEnd(11)} right name ${(100 * right / all).toFixed(1)} % of ${all.toFixed(
        1)} s of speech (${got.length} lines, names ${[...new Set(got.map((l) => l.speaker))].join(', ')})`);
    }
  }
  for (const [source, p] of Object.entries(pooled)) console.log(`pooled ${source}: ${(100 * p.right / p.all).toFixed(1)} % of ${p.all.toFixed(1)} s`);
} finally {
  await edition.stop();
  await rm(dir, { recursive: true, force: true });
}
