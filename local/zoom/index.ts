/**
 * Local Zoom test server (docs/integrations.md; wire format of ../shared/design/third-party-apis.md §1.7):
 * OAuth authorize/token with Basic client auth and rotating refresh tokens, GET /v2/users/me, cloud recordings
 * list (month windows, next_page_token) and meeting recordings, downloads (Bearer or ?access_token=, 302 to /cdn/),
 * and webhooks signed with x-zm-signature exactly as Zoom signs them. Dev endpoints (on the app gateway):
 * POST /dev/zoom/recordings {email, topic, file, stall_ms?, stall_downloads?} — or {email, topic, participants: [{name, email, file}],
 * provide?: ['participant_audio' | 'timeline' | 'transcript'], transcript_vtt?} (speaker-files.ts) — and POST /dev/zoom/deauthorize {email}; GET /dev/zoom/
 * reads out the state.
 */
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { sendJson } from '../gateway/http-util.js';
import { buildMeetingFiles, PROVIDABLE, type Participant, type Provided } from './speaker-files.js';
import { allowedRecordingFile, authorizePage, bearer, describeFile, formBody, grant, approvalRedirect, jsonBody, listenRemembered, persisted, token,
  type OAuthState } from '../provider-kit/index.js';

export interface ZoomRecordingFile { id: string; file_type: string; recording_type: string; file_size: number; status: string; recording_start: string;
  recording_end: string; path: string; stall_ms?: number; stall_downloads?: number }
export interface ZoomRecording { uuid: string; id: number; host_id: string; host_email: string; account_id: string; topic: string; type: number;
  start_time: string; duration: number; total_size: number; recording_count: number; files: ZoomRecordingFile[];
    participant_files?: (ZoomRecordingFile & { file_name: string })[] }

interface ZoomState {
  /** The port of the last start, reused so URLs handed out before a restart (download links in running imports) keep working. */
  port?: number;
  credentials: { client_id: string; client_secret: string; webhook_secret: string };
  accounts: Record<string, { id: string; account_id: string; email: string }>;
  oauth: OAuthState;
  recordings: ZoomRecording[];
  deliveries: { event: string; uuid?: string; status: number | string; at: string }[];
}

export interface LocalZoom {
  readonly endpoint: string;
  readonly credentials: ZoomState['credentials'];
  /** Environment the product reads (base URLs). */
  readonly environment: Record<string, string>;
  /** Serves /dev/zoom/* on the app gateway. */
  handleDev(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalZoomOptions {
  dataDir: string; appUrl: string; host?: string; port?: number; accessTokenSeconds?: number; log?: (m: string, e?: Record<string, unknown>) => void;
  /** The only folders POST /dev/zoom/recordings may read a file from (provider-kit allowedRecordingFile). */
  recordingDirs: readonly string[];
}

export function zoomSign(secret: string, timestamp: string, body: string) {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export async function startLocalZoom(options: LocalZoomOptions): Promise<LocalZoom> {
  const { state, save } = persisted<ZoomState>(options.dataDir, 'zoom', () => ({
    credentials: { client_id: `local-zoom-${token(6)}`, client_secret: token(), webhook_secret: token() },
    accounts: {}, oauth: { codes: {}, access: {}, refresh: {} }, recordings: [], deliveries: [],
  }));
  const accessSeconds = options.accessTokenSeconds ?? 3600;
  let endpoint = '';
  const account = (email: string) => (state.accounts[email] ??= { id: token(9), account_id: token(9), email });
  const fileJson = (r: ZoomRecording, f: ZoomRecordingFile) => ({
    id: f.id, meeting_id: r.uuid, recording_start: f.recording_start, recording_end: f.recording_end, file_type: f.file_type,
    file_extension: f.file_type, file_size: f.file_size, play_url: `${endpoint}/rec/play/${f.id}`, download_url: `${endpoint}/rec/download/${f.id}`,
    status: f.status, recording_type: f.recording_type,
  });
  const meetingJson = (r: ZoomRecording) => {
    const { files, participant_files: tracks, ...rest } = r;
    return {
      ...rest, recording_files: files.map((f) => fileJson(r, f)),
      ...(tracks ? { participant_audio_files: tracks.map((f) => { const { recording_type: _t, ...json } = fileJson(r, f); return { ...json,
        file_name: f.file_name }; }) } : {}),
    };
  };

  async function deliver(event: Record<string, unknown>, uuid?: string) {
    const body = JSON.stringify(event);
    const ts = String(Math.floor(Date.now() / 1000));
    let status: number | string;
    try {
      const response = await fetch(`${options.appUrl}/api/webhooks/zoom/`, {
        method: 'POST', body, headers: { 'content-type': 'application/json', 'x-zm-request-timestamp': ts,
          'x-zm-signature': zoomSign(state.credentials.webhook_secret, ts, body) },
      });
      status = response.status;
    } catch (error) {
      status = (error as Error).message;
    }
    state.deliveries.push({ event: String(event.event), uuid, status, at: new Date().toISOString() });
    save();
    return status;
  }

  const clientAuthenticated = (req: http.IncomingMessage) => {
    const basic = /^Basic\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const [id, secret] = Buffer.from(basic ?? '', 'base64').toString('utf8').split(':');
    return id === state.credentials.client_id && secret === state.credentials.client_secret;
  };
  const forgetTokens = (email: string) => {
    for (const [k, v] of Object.entries(state.oauth.refresh)) if (v.email === email) delete state.oauth.refresh[k];
    for (const [k, v] of Object.entries(state.oauth.access)) if (v.email === email) delete state.oauth.access[k];
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log?.('local zoom failed', { error: String(error) });
      if (!res.headersSent) sendJson(res, 500, { code: 500, message: 'Internal error' });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://local');
    const p = url.pathname;
    if (p === '/oauth/authorize') {
      return authorizePage(req, res, url, 'Zoom', (email) => {
        const location = approvalRedirect(state.oauth, url.searchParams, state.credentials.client_id, email);
        if (location) { account(email); save(); }
        return location;
      });
    }
    if (p === '/oauth/revoke' && req.method === 'POST') {
      // Zoom's revoke: Basic client auth, form token=<access token>; it uninstalls the app for that account, so every
      // token of the account stops working.
      if (!clientAuthenticated(req)) return sendJson(res, 401, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' });
      const email = state.oauth.access[(await formBody(req, url)).get('token') ?? '']?.email;
      if (!email) return sendJson(res, 400, { reason: 'Invalid Token!', error: 'invalid_request' });
      forgetTokens(email);
      save();
      return sendJson(res, 200, { status: 'success' });
    }
    if (p === '/oauth/token' && req.method === 'POST') {
      if (!clientAuthenticated(req)) return sendJson(res, 401, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' });
      const pair = grant(state.oauth, await formBody(req, url), accessSeconds);
      save();
      if (!pair) return sendJson(res, 400, { reason: 'Invalid Token!', error: 'invalid_grant' });
      return sendJson(res, 200, { access_token: pair.access, token_type: 'bearer', refresh_token: pair.refresh, expires_in: accessSeconds,
        scope: 'cloud_recording:read:list_user_recordings user:read:user' });
    }
    if (p.startsWith('/cdn/')) {
      const file = state.recordings.flatMap((r) => [...r.files, ...(r.participant_files ?? [])]).find((f) => f.id === decodeURIComponent(p.slice(5)));
      if (!file) return sendJson(res, 404, { code: 3301, message: 'This recording does not exist.' });
      const types: Record<string, string> = { M4A: 'audio/mp4', TIMELINE: 'application/json', TRANSCRIPT: 'text/vtt; charset=utf-8' };
      res.writeHead(200, { 'content-type': types[file.file_type] ?? 'video/mp4', 'content-length': file.file_size });
      if (!file.stall_ms || file.stall_downloads === 0) {
        createReadStream(file.path).pipe(res);
        return;
      }
      // Test aid (dev option stall_ms): the first 64 KiB, then a pause, then the rest, like a slow CDN. With
      // stall_downloads, only that many downloads pause (counted on disk, so across a restart); without it, every one.
      if (file.stall_downloads !== undefined) {
        file.stall_downloads -= 1;
        save();
      }
      const head = createReadStream(file.path, { end: 65_535 });
      head.pipe(res, { end: false });
      head.on('end', () => setTimeout(() => createReadStream(file.path, { start: 65_536 }).pipe(res), file.stall_ms));
      return;
    }
    if (p.startsWith('/rec/download/')) {
      const email = bearer(state.oauth, req) ?? (state.oauth.access[url.searchParams.get('access_token') ?? '']?.email);
      if (!email) return sendJson(res, 401, { code: 124, message: 'Invalid access token.' });
      res.writeHead(302, { location: `${endpoint}/cdn/${p.slice('/rec/download/'.length)}` }).end();
      return;
    }
    if (p.startsWith('/v2/')) {
      const email = bearer(state.oauth, req);
      if (!email) return sendJson(res, 401, { code: 124, message: 'Invalid access token.' });
      const me = account(email);
      if (p === '/v2/users/me') return sendJson(res, 200, { id: me.id, email: me.email, account_id: me.account_id, type: 1 });
      if (p === '/v2/users/me/recordings') {
        const from = Date.parse(url.searchParams.get('from') ?? '');
        const to = Date.parse(url.searchParams.get('to') ?? '') + 86_400_000;
        if (!Number.isFinite(from) || !Number.isFinite(to) || to - from > 31 * 86_400_000 || to < from) return sendJson(res, 300, { code: 300,
          message: 'The date range must be within one month.' });
        const size = Math.min(Number(url.searchParams.get('page_size') ?? 30) || 30, 300);
        const start = Number(url.searchParams.get('next_page_token') || 0);
        const mine = state.recordings.filter((r) => r.host_id === me.id && Date.parse(r.start_time) >= from && Date.parse(r.start_time) < to);
        const page = mine.slice(start, start + size);
        return sendJson(res, 200, {
          from: url.searchParams.get('from'), to: url.searchParams.get('to'), page_count: Math.ceil(mine.length / size), page_size: size,
          total_records: mine.length, next_page_token: start + size < mine.length ? String(start + size) : '', meetings: page.map(meetingJson),
        });
      }
      const m = /^\/v2\/meetings\/(.+)\/recordings$/.exec(p);
      if (m) {
        let uuid = decodeURIComponent(m[1]);
        if (uuid.includes('%')) uuid = decodeURIComponent(uuid);
        const r = state.recordings.find((x) => x.uuid === uuid && x.host_id === me.id);
        return r ? sendJson(res, 200, meetingJson(r)) : sendJson(res, 404, { code: 3301, message: 'This recording does not exist.' });
      }
    }
    sendJson(res, 404, { code: 404, message: `No such endpoint: ${req.method} ${p}` });
  }

  const listening = await listenRemembered(server, options, state, save);
  endpoint = listening.endpoint;

  async function handleDev(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const p = url.pathname.replace(/\/+$/, '');
    if (req.method === 'GET' && p === '/dev/zoom') {
      return sendJson(res, 200, {
        endpoint, accounts: Object.values(state.accounts), recordings: state.recordings.map(meetingJson), deliveries: state.deliveries.slice(-50),
        // Files created with stall_ms; stall_downloads_left reaches 0 once the last pausing download has begun.
        stalls: state.recordings.flatMap((r) => r.files.filter((f) => f.stall_ms).map((f) => ({ file_id: f.id, stall_ms: f.stall_ms,
          stall_downloads_left: f.stall_downloads ?? null }))),
      });
    }
    if (req.method === 'POST' && p === '/dev/zoom/recordings') {
      const body = await jsonBody(req);
      const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
      const file = typeof body?.file === 'string' ? body.file : '';
      const meeting = participantsOf(body);
      if (typeof meeting === 'string') return sendJson(res, 400, { message: meeting });
      if (!email || (!file && !meeting)) return sendJson(res, 400, {
        message: 'Send JSON {email, topic, file} or {email, topic, participants: [{name, email, file}], provide?} (files: paths of recordings on this ' +
          'machine).' });
      const notAllowed = `file must be a recording inside ${options.recordingDirs.join(' or ')}.`;
      const given = file ? allowedRecordingFile(file, options.recordingDirs) : undefined;
      if (file && !given) return sendJson(res, 400, { message: notAllowed });
      const uuid = `${token(16)}==`;
      let built: Awaited<ReturnType<typeof buildMeetingFiles>> | undefined;
      if (meeting) {
        const tracks: Participant[] = [];
        for (const person of meeting.participants) {
          const track = allowedRecordingFile(person.file, options.recordingDirs);
          if (!track) return sendJson(res, 400, { message: `${person.name}: ${notAllowed}` });
          tracks.push({ ...person, file: track });
        }
        try {
          built = await buildMeetingFiles(path.join(options.dataDir, 'zoom-media', uuid.replace(/[^A-Za-z0-9_-]/g, '')), tracks, meeting.provide, given,
            meeting.transcriptVtt);
        } catch (error) {
          return sendJson(res, 400, { message: `The participants' files could not be read: ${(error as Error).message}` });
        }
      }
      // The recording is the given file, or the mix built here from the participants' tracks (both checked above).
      const allowed = built?.mix ?? given;
      if (!allowed) return sendJson(res, 400, { message: notAllowed });
      let facts;
      try {
        facts = await describeFile(allowed);
      } catch {
        return sendJson(res, 400, { message: `No readable file at ${file}.` });
      }
      const host = account(email);
      const start = new Date(Date.now() - facts.durationSeconds * 1000);
      const end = new Date();
      const m4a = /\.m4a$/i.test(allowed);
      const recording: ZoomRecording = {
        uuid, id: Math.floor(1e10 + Math.random() * 8e10), host_id: host.id, host_email: email, account_id: host.account_id,
        topic: typeof body?.topic === 'string' && body.topic.trim() ? body.topic.trim() : 'Zoom meeting', type: 2,
        start_time: start.toISOString().replace(/\.\d{3}Z$/, 'Z'), duration: Math.max(1, Math.round(facts.durationSeconds / 60)),
        total_size: facts.size, recording_count: 1,
        files: [{ id: randomUUID(), file_type: m4a ? 'M4A' : 'MP4', recording_type: m4a ? 'audio_only' : 'shared_screen_with_speaker_view',
          file_size: facts.size, status: 'completed', recording_start: start.toISOString(), recording_end: end.toISOString(), path: allowed,
          ...(typeof body?.stall_ms === 'number' && body.stall_ms > 0 ? { stall_ms: Math.min(body.stall_ms, 120_000) } : {}),
          ...(typeof body?.stall_downloads === 'number' && Number.isInteger(body.stall_downloads) && body.stall_downloads >= 0 ?
            { stall_downloads: body.stall_downloads } : {}) }],
      };
      if (built) addSpeakerFiles(recording, built, start, end);
      state.recordings.push(recording);
      save();
      const { files: _f, ...object } = meetingJson(recording) as ReturnType<typeof meetingJson> & { files?: unknown };
      const status = await deliver({ event: 'recording.completed', event_ts: Date.now(), download_token: token(), payload: { account_id: host.account_id,
        object } }, recording.uuid);
      return sendJson(res, 201, { recording: meetingJson(recording), webhook_status: status });
    }
    if (req.method === 'POST' && p === '/dev/zoom/deauthorize') {
      const body = await jsonBody(req);
      const acct = state.accounts[String(body?.email ?? '').toLowerCase()];
      if (!acct) return sendJson(res, 404, { message: 'No such test account.' });
      forgetTokens(acct.email);
      save();
      const status = await deliver({ event: 'app_deauthorized', event_ts: Date.now(), payload: {
        account_id: acct.account_id, user_id: acct.id, signature: token(), deauthorization_time: new Date().toISOString(),
          client_id: state.credentials.client_id,
        user_data_retention: String(body?.user_data_retention ?? 'false'),
      } });
      return sendJson(res, 200, { webhook_status: status });
    }
    sendJson(res, 404, {
      message: 'Dev endpoints: GET /dev/zoom/, POST /dev/zoom/recordings {email, topic, file} or {email, topic, participants: [{name, email, file}], ' +
        'provide}, POST /dev/zoom/deauthorize {email}.' });
  }

  return {
    endpoint, credentials: state.credentials,
    environment: { ZOOM_OAUTH_BASE: endpoint, ZOOM_API_BASE: `${endpoint}/v2` },
    handleDev, stop: () => listening.stop(),
  };
}

/** The participants and the files to provide of a recording made from each participant's own track; a message when malformed. */
function participantsOf(body: Record<string, unknown> | undefined): { participants: Participant[]; provide: Set<Provided>;
  transcriptVtt?: string } | string | undefined {
  if (body?.participants === undefined) return undefined;
  const list = body.participants;
  if (!Array.isArray(list) || list.length === 0 || list.length > 20) return 'participants must be a list of 1 to 20 {name, email, file}.';
  const participants: Participant[] = [];
  for (const p of list as Record<string, unknown>[]) {
    if (typeof p?.name !== 'string' || !p.name.trim() || typeof p.file !== 'string' ||
      !p.file) return 'Each participant needs a name and a file (a path of that person\'s own track on this machine).';
    participants.push({ name: p.name.trim(), email: typeof p.email === 'string' ? p.email : '', file: p.file });
  }
  const provide = body.provide === undefined ? ['participant_audio'] : body.provide;
  if (!Array.isArray(provide) || provide.some((x) => !PROVIDABLE.includes(x as Provided))) return `provide must list some of ${PROVIDABLE.join(', ')}.`;
  if (body.transcript_vtt !== undefined && typeof body.transcript_vtt !== 'string') return 'transcript_vtt must be a WebVTT text.';
  return { participants, provide: new Set(provide as Provided[]), transcriptVtt: body.transcript_vtt as string | undefined };
}

/** Adds the built TIMELINE, TRANSCRIPT and per-participant files to the recording, as Zoom lists them. */
function addSpeakerFiles(recording: ZoomRecording, built: Awaited<ReturnType<typeof buildMeetingFiles>>, start: Date, end: Date) {
  const span = { status: 'completed', recording_start: start.toISOString(), recording_end: end.toISOString() };
  const extra = (filePath: string, fileType: string, recordingType: string): ZoomRecordingFile => ({
    id: randomUUID(), file_type: fileType, recording_type: recordingType, file_size: statSync(filePath).size, path: filePath, ...span,
  });
  if (built.timeline) recording.files.push(extra(built.timeline, 'TIMELINE', 'timeline'));
  if (built.transcript) recording.files.push(extra(built.transcript, 'TRANSCRIPT', 'audio_transcript'));
  if (built.tracks.length > 0) recording.participant_files = built.tracks.map((t) => ({ ...extra(t.path, 'M4A', 'audio_only'),
    file_name: `Audio only - ${t.name}` }));
  recording.recording_count = recording.files.length;
}
