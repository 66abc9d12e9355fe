/**
 * Malformed requests over every served route, over HTTP against a running local edition (issue 28): each request picks a
 * route, then (seeded, so a run can be repeated with FUZZ_SEED) the method (mostly the route's, sometimes another), the
 * path ids (the fuzzer's own meeting, garbage, 2 KB, broken percent-encoding, `..`), a query, a body (fields the routes
 * read with wrong types, arbitrary JSON, broken JSON, binary, 2 KB strings), a content type (JSON, text, form,
 * multipart, none, octet-stream, VTT) and a token (the fuzzer's, none, garbage, a refresh token). Every answer must
 * be below 500. The fuzzer is its own user with its own meeting, so it never touches another user's data.
 */
import fc from 'fast-check';
import { signUpAndSignIn, type SignedInUser } from '../users.js';
import type { ServedRoute } from './routes.js';

export interface FuzzFailure { method: string; url: string; status: number; contentType: string; body: string }
export interface FuzzResult {
  requests: number; byStatus: Record<string, number>; serverErrors: FuzzFailure[]; seconds: number;
  /** Requests sent a second time after a connection reset before any answer (see runFuzz), and which they were. */
  networkRetries: number;
  retried: string[];
}

const FIELDS = [
  'email', 'username', 'password', 'name', 'meeting_ids', 'attendees', 'message_string', 'meeting_id', 'attendee_email', 'page', 'page_size',
  'rating', 'maximum_rating', 'note', 'query', 'question', 'max_citations', 'refresh', 'key', 'new_password', 'confirm_new_password',
  'old_password', 'first_name', 'last_name', 'consent', 'verification_code', 'selected_plan', 'start_time', 'end_time', 'recording_available',
  'content_type', 'file_name', 'speakerNames', 'line', 'text', 'actionItemNumbers', 'content', 'owner', 'due', 'due_date', 'status',
  'authorization_code', 'state', 'project_id', 'auto_share', 'auto_record', 'auto_store_to_inbox', 'email_notes', 'event', 'event_name',
  'event_data', 'payload', 'type', 'data', 'id', 'resource',
];
const scalar = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(''),
  fc.string({ minLength: 2_000, maxLength: 2_100 }), fc.constant('someone@example.com'), fc.constant('-1'), fc.constant('1e309'),
  fc.constant('<script>alert(1)</script>'), fc.constant('../../etc/passwd'), fc.constant('\u0000'), fc.constant('__proto__'));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.dictionary(fc.constantFrom(...FIELDS), scalar, { maxKeys: 3 }),
  fc.array(fc.record({ email: scalar, name: scalar }), { maxLength: 3 }));
const jsonBody = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }), fc.jsonValue({ maxDepth: 3 }));
const body = fc.oneof(
  jsonBody.map((v) => ({ text: JSON.stringify(v), type: 'application/json' })),
  jsonBody.map((v) => ({ text: JSON.stringify(v).slice(0, -1), type: 'application/json' })),
  fc.string({ maxLength: 300 }).map((t) => ({ text: t, type: 'application/json' })),
  fc.string({ maxLength: 300 }).map((t) => ({ text: t, type: 'text/plain' })),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.string({ maxLength: 30 }), { maxKeys: 4 }).map((d) => ({ text: new URLSearchParams(d).toString(), type: 'application/x-www-form-urlencoded' })),
  fc.string({ maxLength: 200 }).map((t) => ({ text: `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n${t}\r\n--x--`, type: 'multipart/form-data; boundary=x' })),
  fc.uint8Array({ maxLength: 400 }).map((b) => ({ text: Buffer.from(b).toString('latin1'), type: 'application/octet-stream' })),
  fc.string({ maxLength: 300 }).map((t) => ({ text: `WEBVTT\n\n00:00:00.000 --> 00:00:0${t.length % 10}.000\n${t}\n`, type: 'text/vtt' })),
  fc.constant({ text: '', type: '' }),
  jsonBody.map((v) => ({ text: JSON.stringify(v), type: '' })),
);
const query = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 2_000, maxLength: 2_100 }),
  fc.constant('%E0%A4%A')), { maxKeys: 3 });
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface FuzzTarget { url: string; user: SignedInUser & { email: string }; meetingId: string }

/** The fuzzer's own user and meeting. */
export async function buildFuzzTarget(url: string): Promise<FuzzTarget> {
  const email = `fuzzer.${Math.random().toString(36).slice(2, 8)}@fuzz.example.com`;
  const user = { ...(await signUpAndSignIn(url, email)), email };
  const created = await fetch(`${url}/api/meetings/`, { method: 'POST', headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Fuzzed' }) });
  if (created.status !== 201) throw new Error(`POST meetings/ answered ${created.status}`);
  return { url, user, meetingId: ((await created.json()) as { id: string }).id };
}

interface Case { routeIndex: number; otherMethod: number | null; ids: string[]; query: Record<string, string>; body: { text: string; type: string }; token: number }

export function fuzzCases(routes: readonly ServedRoute[], n: number, seed: number): Case[] {
  const id = fc.oneof({ weight: 3, arbitrary: fc.constant('<own>') }, fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 2_040, maxLength: 2_100 }),
    fc.constantFrom('%E0%A4%A', '..', '%2e%2e', '%00', 'null', '0', '-1', "' OR 1=1 --"));
  const one = fc.record({
    routeIndex: fc.nat({ max: routes.length - 1 }),
    otherMethod: fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat({ max: METHODS.length - 1 }) }),
    ids: fc.array(id, { minLength: 2, maxLength: 2 }),
    query, body, token: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat({ max: 4 }) }),
  });
  return fc.sample(one, { numRuns: n, seed });
}

const encodeId = (id: string) => { try { return encodeURIComponent(id); } catch { return 'x'; } };

/** Sends `n` malformed requests, `concurrency` at a time; answers what came back. */
export async function runFuzz(target: FuzzTarget, routes: readonly ServedRoute[], n: number, options: { seed?: number; concurrency?: number } = {}): Promise<FuzzResult> {
  const started = Date.now();
  const all = fuzzCases(routes, n, options.seed ?? 28);
  const byStatus: Record<string, number> = {};
  const serverErrors: FuzzFailure[] = [];
  let access = target.user.access;
  const tokens = () => [access, undefined, 'garbage.token.value', target.user.refresh, `${access}x`];
  let next = 0;
  let signedOut = false;
  let networkRetries = 0;
  const retried: string[] = [];

  const reSignIn = async () => {
    const answer = await fetch(`${target.url}/api/auth/token/obtain/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: target.user.email, password: 'meeting-tests-1' }) });
    if (answer.status === 200) access = ((await answer.json()) as { access: string }).access;
  };

  const worker = async () => {
    while (next < all.length) {
      const index = next++;
      const c = all[index];
      const route = routes[c.routeIndex];
      let idIndex = 0;
      const path = route.path.replace(/\{\w+\}/g, () => {
        const id = c.ids[idIndex++ % c.ids.length];
        return id === '<own>' ? (route.path.startsWith('users/') ? target.user.userId : target.meetingId) : encodeId(id);
      });
      const method = c.otherMethod === null ? route.method : METHODS[c.otherMethod];
      const token = tokens()[c.token];
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (c.body.type) headers['content-type'] = c.body.type;
      const q = new URLSearchParams(c.query).toString();
      const url = `${target.url}/api/${path}${q ? `?${q}` : ''}`;
      const sendsBody = method !== 'GET' && c.body.text !== '';
      const send = async () => {
        const response = await fetch(url, { method, headers, body: sendsBody ? Buffer.from(c.body.text, c.body.type === 'application/octet-stream' ? 'latin1' : 'utf8') : undefined });
        return { status: response.status, text: await response.text() };
      };
      let status: number;
      let text: string;
      try {
        ({ status, text } = await send());
      } catch {
        // A kept-alive connection the server closed as it was reused (its 5 s idle timeout, hit when the machine stalls)
        // fails before the request reaches the server: sent again once, and counted. A second failure counts as a 599.
        networkRetries += 1;
        retried.push(`#${index} ${method} ${url.slice(0, 200)} [${c.body.type}] ${c.body.text.length} chars`);
        try {
          ({ status, text } = await send());
        } catch (error) {
          status = 599;
          text = `${String(error)} ${String((error as Error).cause ?? '')}`;
        }
      }
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      if (status >= 500) serverErrors.push({ method, url: url.slice(0, 300), status, contentType: c.body.type, body: `${c.body.text.slice(0, 200)} → ${text.slice(0, 300)}` });
      // The fuzzer may sign itself out (auth/token/revoke/ with its own token): sign in again, so later cases still reach the handlers.
      if (status === 401 && token === access && !signedOut) {
        signedOut = true;
        await reSignIn();
        signedOut = false;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return { requests: all.length, byStatus, serverErrors, seconds: (Date.now() - started) / 1000, networkRetries, retried };
}
