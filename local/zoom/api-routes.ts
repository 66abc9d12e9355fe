/**
 * The Zoom API of the local server (third-party-apis.md §1.7): OAuth authorize/token/revoke with Basic client auth,
 * GET /v2/users/me, the cloud recordings list and a meeting's recordings, downloads (Bearer or ?access_token=, 302
 * to /cdn/). Errors in Zoom's `{code, message}`.
 */
import { createReadStream } from 'node:fs';
import { bearer, grant } from '../provider-kit/index.js';
import { authorizeRoute } from '../provider-kit/meeting-provider.js';
import { route, type Call, type Reply, type Route, type WireFormat } from '../provider-kit/routes.js';
import type { ZoomServer } from './server.js';

const error = (status: number, code: number, message: string): Reply => ({ status, body: { code, message } });
const NO_RECORDING = error(404, 3301, 'This recording does not exist.');
const BAD_TOKEN = error(401, 124, 'Invalid access token.');
const BAD_CLIENT: Reply = { status: 401, body: { reason: 'Invalid client_id or client_secret', error: 'invalid_client' } };
const TYPES: Record<string, string> = { M4A: 'audio/mp4', TIMELINE: 'application/json', TRANSCRIPT: 'text/vtt; charset=utf-8' };

export function zoomWire(log?: WireFormat['log']): WireFormat {
  return { error: (status, message) => error(status, status, message), log };
}

export function zoomApiRoutes(zoom: ZoomServer): Route[] {
  return [...oauthRoutes(zoom), ...fileRoutes(zoom), ...v2Routes(zoom)];
}

/** Authorize page, token exchange and refresh, revoke. */
function oauthRoutes(zoom: ZoomServer): Route[] {
  const { state, save } = zoom;

  const authorize = authorizeRoute('Zoom', state, (email) => { zoom.account(email); save(); });

  /** The form body with the query's parameters under it (Zoom takes either). */
  async function formAndQuery(call: Call) {
    const form = new URLSearchParams(call.url.search);
    for (const [k, v] of await call.form()) form.set(k, v);
    return form;
  }

  /** Zoom's revoke: Basic client auth, form token=<access token>; it uninstalls the app, so every token of the account stops working. */
  async function revoke(call: Call): Promise<Reply> {
    if (!zoom.clientAuthenticated(call.req)) return BAD_CLIENT;
    const email = state.oauth.access[(await formAndQuery(call)).get('token') ?? '']?.email;
    if (!email) return { status: 400, body: { reason: 'Invalid Token!', error: 'invalid_request' } };
    zoom.forgetTokens(email);
    save();
    return { status: 200, body: { status: 'success' } };
  }

  async function issueToken(call: Call): Promise<Reply> {
    if (!zoom.clientAuthenticated(call.req)) return BAD_CLIENT;
    const pair = grant(state.oauth, await formAndQuery(call), zoom.accessSeconds);
    save();
    if (!pair) return { status: 400, body: { reason: 'Invalid Token!', error: 'invalid_grant' } };
    return { status: 200, body: { access_token: pair.access, token_type: 'bearer', refresh_token: pair.refresh, expires_in: zoom.accessSeconds,
      scope: 'cloud_recording:read:list_user_recordings user:read:user' } };
  }

  return [route('*', '/oauth/authorize', authorize), route('POST', '/oauth/revoke', revoke), route('POST', '/oauth/token', issueToken)];
}

/** Downloads: /rec/download/ (Bearer or ?access_token=) redirects to /cdn/, which streams the bytes. */
function fileRoutes(zoom: ZoomServer): Route[] {
  const { state, save } = zoom;

  function download(call: Call): Reply {
    const email = bearer(state.oauth, call.req) ?? (state.oauth.access[call.url.searchParams.get('access_token') ?? '']?.email);
    if (!email) return BAD_TOKEN;
    return { status: 302, headers: { location: `${zoom.endpoint}/cdn/${encodeURIComponent(call.params.id)}` } };
  }

  /** The file's bytes; with the dev option stall_ms, the first 64 KiB, a pause, then the rest, like a slow CDN. */
  function cdn({ params, res }: Call): Reply | void {
    const file = state.recordings.flatMap((r) => [...r.files, ...(r.participant_files ?? [])]).find((f) => f.id === params.id);
    if (!file) return NO_RECORDING;
    res.writeHead(200, { 'content-type': TYPES[file.file_type] ?? 'video/mp4', 'content-length': file.file_size });
    if (!file.stall_ms || file.stall_downloads === 0) {
      createReadStream(file.path).pipe(res);
      return;
    }
    // With stall_downloads, only that many downloads pause (counted on disk, so across a restart); without it, every one.
    if (file.stall_downloads !== undefined) {
      file.stall_downloads -= 1;
      save();
    }
    const head = createReadStream(file.path, { end: 65_535 });
    head.pipe(res, { end: false });
    head.on('end', () => setTimeout(() => createReadStream(file.path, { start: 65_536 }).pipe(res), file.stall_ms));
  }

  return [route('GET', '/cdn/*id', cdn), route('GET', '/rec/download/*id', download)];
}

/** The /v2/ API: the signed-in user and their cloud recordings. */
function v2Routes(zoom: ZoomServer): Route[] {
  const { state } = zoom;

  /** The account a /v2/ call's Bearer token names, or Zoom's 401. */
  const signedIn = (handler: (call: Call, me: ReturnType<ZoomServer['account']>) => Reply) => (call: Call): Reply => {
    const email = bearer(state.oauth, call.req);
    return email ? handler(call, zoom.account(email)) : BAD_TOKEN;
  };

  const me = signedIn((_call, account) => ({ status: 200, body: { id: account.id, email: account.email, account_id: account.account_id, type: 1 } }));

  const listRecordings = signedIn(({ url }, account) => {
    const q = url.searchParams;
    const from = Date.parse(q.get('from') ?? '');
    const to = Date.parse(q.get('to') ?? '') + 86_400_000;
    if (!Number.isFinite(from) || !Number.isFinite(to) || to - from > 31 * 86_400_000 || to < from) {
      return error(300, 300, 'The date range must be within one month.');
    }
    const size = Math.min(Number(q.get('page_size') ?? 30) || 30, 300);
    const start = Number(q.get('next_page_token') || 0);
    const mine = state.recordings.filter((r) => r.host_id === account.id && Date.parse(r.start_time) >= from && Date.parse(r.start_time) < to);
    return { status: 200, body: {
      from: q.get('from'), to: q.get('to'), page_count: Math.ceil(mine.length / size), page_size: size, total_records: mine.length,
      next_page_token: start + size < mine.length ? String(start + size) : '', meetings: mine.slice(start, start + size).map(zoom.meetingJson),
    } };
  });

  /** A meeting's recordings by UUID (a UUID with `/` comes double-encoded, as Zoom asks). */
  const meetingRecordings = signedIn(({ params }, account) => {
    const uuid = params.uuid.includes('%') ? decodeURIComponent(params.uuid) : params.uuid;
    const r = state.recordings.find((x) => x.uuid === uuid && x.host_id === account.id);
    return r ? { status: 200, body: zoom.meetingJson(r) } : NO_RECORDING;
  });

  return [
    route('GET', '/v2/users/me', me),
    route('GET', '/v2/users/me/recordings', listRecordings),
    route('GET', '/v2/meetings/*uuid/recordings', meetingRecordings),
  ];
}
