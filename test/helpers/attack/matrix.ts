/**
 * The access matrix over every served route (issue 28): owner, reader, stranger and signed out × every route of
 * `servedRoutes`, against a running local edition over HTTP. The owner's meeting is a real one (a transcript imported
 * and processed: transcript, notes, action items, search and ask passages), named with a marker word that its
 * transcript also says. A leak is any of:
 * - a signed-out caller getting anything but 401 on a `user` route, or 2xx on a webhook;
 * - a stranger getting 2xx on a `read`, `host` or `self` route;
 * - a reader getting 2xx on a `host` or `self` route;
 * - any answer to a stranger or a signed-out caller that carries the marker word, the owner's e-mail or the reader's
 *   e-mail (the owner's data reaching someone it was not shared with);
 * - a webhook answering 2xx to an unsigned call.
 * Every call counts; every 5xx is reported too.
 */
import { eventually } from '../eventually.js';
import { signUpAndSignIn, type SignedInUser } from '../users.js';
import { MARKER_WORD, MATRIX, routeKey, type MatrixRow, type ServedRoute, type WorldIds } from './routes.js';

export type Role = 'owner' | 'reader' | 'stranger' | 'signed out';
export const ROLES: readonly Role[] = ['reader', 'stranger', 'signed out', 'owner'];

export interface MatrixWorld {
  url: string;
  users: Record<'owner' | 'reader' | 'stranger', SignedInUser & { email: string }>;
  ids: WorldIds;
}

export interface MatrixCall { role: Role; method: string; path: string; status: number; leak?: string }
export interface MatrixResult { calls: MatrixCall[]; leaks: MatrixCall[]; serverErrors: MatrixCall[] }

const cue = (from: number, to: number, name: string, text: string) => {
  const t = (s: number) => `00:00:${String(s).padStart(2, '0')}.000`;
  return `${t(from)} --> ${t(to)}\n<v ${name}>${text}</v>\n`;
};
const VTT = ['WEBVTT', '',
  cue(0, 9, 'Ann Lee', `Good morning. Today we plan the ${MARKER_WORD} launch and review the marketing budget.`),
  cue(9, 18, 'Raj Patel', `The beta testers liked the ${MARKER_WORD} onboarding, but the payment screen still crashes on older phones.`),
  cue(18, 27, 'Ann Lee', `Raj, can you fix the payment crash and send the ${MARKER_WORD} report to the vendor by Friday?`),
  cue(27, 36, 'Raj Patel', `Sure, I'll fix the payment crash and send the ${MARKER_WORD} report to the vendor by Friday.`),
  cue(36, 45, 'Ann Lee', `Great. We decided to launch the ${MARKER_WORD} app in May, and I'll book the launch event.`),
].join('\n');

async function call(url: string, method: string, apiPath: string, token: string | undefined, init: { body?: unknown; raw?: MatrixRow['raw']; query?: Record<string, string> } = {}) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (init.raw) {
    headers['content-type'] = init.raw.contentType;
    body = init.raw.text;
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const query = init.query ? `?${new URLSearchParams(init.query)}` : '';
  const response = await fetch(`${url}/api/${apiPath}${query}`, { method, headers, body });
  return { status: response.status, text: await response.text() };
}

const json = (text: string): any => { try { return JSON.parse(text); } catch { return undefined; } };

/** Signs up owner, reader and stranger; the owner imports a transcript into a meeting named with the marker and shares it with the reader. */
export async function buildMatrixWorld(url: string, timeoutMs = 180_000): Promise<MatrixWorld> {
  const tag = Math.random().toString(36).slice(2, 8);
  const users = {} as MatrixWorld['users'];
  for (const role of ['owner', 'reader', 'stranger'] as const) {
    const email = `${role}.${tag}@matrix.example.com`;
    users[role] = { ...(await signUpAndSignIn(url, email)), email };
  }
  const owner = users.owner.access;
  const created = await call(url, 'POST', 'meetings/', owner, { body: { name: `The ${MARKER_WORD} launch` } });
  if (created.status !== 201) throw new Error(`POST meetings/ answered ${created.status}: ${created.text}`);
  const meetingId = json(created.text).id as string;
  const imported = await call(url, 'POST', `meetings/${meetingId}/transcript_import/`, owner, { raw: { contentType: 'text/vtt', text: VTT }, query: { file_name: 'matrix.vtt' } });
  if (imported.status !== 202) throw new Error(`transcript_import answered ${imported.status}: ${imported.text}`);
  const shared = await call(url, 'POST', 'meetings/attendees/', owner, { body: { meeting_ids: [meetingId], attendees: [{ email: users.reader.email }], message_string: '' } });
  if (shared.status >= 300) throw new Error(`sharing answered ${shared.status}: ${shared.text}`);
  const notes = await eventually(async () => {
    const answer = await call(url, 'GET', `meetings/${meetingId}/generated_notes/`, owner);
    if (answer.status !== 200) throw new Error(`notes not ready: ${answer.status} ${answer.text.slice(0, 200)}`);
    return json(answer.text);
  }, timeoutMs, 500);
  const items = json((await call(url, 'GET', 'action_items/', owner)).text);
  const actionItemId = (items?.results ?? []).find((r: any) => r.meeting_id === meetingId || r.meeting?.id === meetingId)?.id ?? items?.results?.[0]?.id;
  if (!actionItemId) throw new Error(`the imported meeting has no action item: ${JSON.stringify(items).slice(0, 300)}`);
  return { url, users, ids: { meetingId, ownerId: users.owner.userId, notesId: notes.notes_id, actionItemId, readerEmail: users.reader.email } };
}

const fillPath = (route: ServedRoute, ids: WorldIds) => route.path
  .replace('{notesId}', encodeURIComponent(ids.notesId))
  .replace(/^users\/\{id\}/, `users/${encodeURIComponent(ids.ownerId)}`)
  .replace(/^action_items\/\{id\}/, `action_items/${encodeURIComponent(ids.actionItemId)}`)
  .replace(/^meetings\/\{id\}/, `meetings/${encodeURIComponent(ids.meetingId)}`);

function judge(route: ServedRoute, row: MatrixRow, role: Role, status: number, text: string, world: MatrixWorld): string | undefined {
  const ok = status >= 200 && status < 300;
  if (role === 'owner') return undefined;
  if (role === 'signed out' && route.auth === 'user' && status !== 401) return `signed out got ${status}, not 401`;
  if (row.access === 'webhook' && ok) return `unsigned webhook call got ${status}`;
  if (role === 'stranger' && ok && (row.access === 'read' || row.access === 'host' || row.access === 'self')) return `stranger got ${status} on a ${row.access} route`;
  if (role === 'reader' && ok && (row.access === 'host' || row.access === 'self')) return `reader got ${status} on a ${row.access} route`;
  if (role === 'stranger' || role === 'signed out') {
    const lower = text.toLowerCase();
    for (const secret of [MARKER_WORD, world.users.owner.email, world.users.reader.email]) {
      if (lower.includes(secret.toLowerCase())) return `the answer carries ${secret === MARKER_WORD ? 'the owner\'s meeting words' : secret}`;
    }
  }
  return undefined;
}

/** Every role × every served route. Throws when a served route has no matrix row. */
export async function runAccessMatrix(world: MatrixWorld, routes: readonly ServedRoute[]): Promise<MatrixResult> {
  const missing = routes.filter((r) => !MATRIX[routeKey(r)]).map(routeKey);
  if (missing.length > 0) throw new Error(`routes without an access-matrix row: ${missing.join(', ')}`);
  const tokens: Record<Role, string | undefined> = { owner: world.users.owner.access, reader: world.users.reader.access, stranger: world.users.stranger.access, 'signed out': undefined };
  const calls: MatrixCall[] = [];
  // Non-owners first (a leak there must not depend on the owner's changes); the owner's destructive calls last.
  const ordered = [...routes].sort((a, b) => (MATRIX[routeKey(a)].destructive ?? 0) - (MATRIX[routeKey(b)].destructive ?? 0));
  for (const role of ROLES) {
    for (const route of ordered) {
      const row = MATRIX[routeKey(route)];
      const apiPath = fillPath(route, world.ids);
      const answer = await call(world.url, route.method, apiPath, tokens[role], { body: row.body?.(world.ids), raw: row.raw, query: row.query });
      const leak = judge(route, row, role, answer.status, answer.text, world);
      calls.push({ role, method: route.method, path: route.path, status: answer.status, ...(leak && { leak }) });
    }
  }
  return { calls, leaks: calls.filter((c) => c.leak), serverErrors: calls.filter((c) => c.status >= 500) };
}
