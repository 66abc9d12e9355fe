/**
 * Local Webex test server (docs/integrations.md; wire format of ../shared/design/third-party-apis.md §2.5):
 * /v1/authorize and /v1/access_token (client credentials in the form body, rotating refresh tokens),
 * /v1/people/me, /v1/webhooks (create, list, get, delete), /v1/recordings (list with a Link header) and
 * /v1/recordings/{id} with temporaryDirectDownloadLinks to /nbr/download/{id}?ticket= (403 after expiry),
 * /v1/meetingParticipants, /v1/meetingPreferences/schedulingOptions, and webhooks signed with X-Spark-Signature.
 * /v1/meetingTranscripts (list by meetingId, VTT/TXT download) for recordings made with transcript_vtt.
 * Dev endpoints (on the app gateway): POST /dev/webex/recordings {email, topic, file, participants?, prevent_download?, transcript_vtt?}; GET /dev/webex/.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import http from 'node:http';
import { sendJson } from '../gateway/http-util.js';
import { allowedRecordingFile, authorizePage, bearer, describeFile, formBody, grant, approvalRedirect, jsonBody, listenRemembered, persisted, token,
  type OAuthState } from '../provider-kit/index.js';

/** Direct download links expire this long after the recording is fetched (Webex: 3 hours). */
export const DIRECT_LINK_SECONDS = 3 * 60 * 60;

interface WebexRecording {
  id: string; meetingId: string; topic: string; createTime: string; timeRecorded: string; durationSeconds: number; sizeBytes: number;
  format: 'MP4'; hostEmail: string; path: string; participants: string[]; preventDownload: boolean;
  /** The meeting's transcript (WebVTT with `<v Name>` voices), when the test made one. */
  transcriptVtt?: string;
}
interface WebexHook { id: string; name: string; targetUrl: string; resource: string; event: string; secret?: string; filter?: string; ownerEmail: string;
  created: string; status: 'active' }

interface WebexState {
  /** The port of the last start, reused so URLs handed out before a restart (download links in running imports) keep working. */
  port?: number;
  credentials: { client_id: string; client_secret: string; webhook_secret: string };
  people: Record<string, { id: string; email: string; preferences: Record<string, unknown> }>;
  oauth: OAuthState;
  webhooks: WebexHook[];
  recordings: WebexRecording[];
  tickets: Record<string, { recordingId: string; expiresAt: number }>;
  deliveries: { webhookId: string; recordingId: string; status: number | string; at: string }[];
}

export interface LocalWebex {
  readonly endpoint: string;
  readonly credentials: WebexState['credentials'];
  readonly environment: Record<string, string>;
  handleDev(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalWebexOptions {
  dataDir: string; host?: string; port?: number; accessTokenSeconds?: number; log?: (m: string, e?: Record<string, unknown>) => void;
  /** The only folders POST /dev/webex/recordings may read a file from (provider-kit allowedRecordingFile). */
  recordingDirs: readonly string[];
}

export const webexSign = (secret: string, body: string) => createHmac('sha1', secret).update(body).digest('hex');

export async function startLocalWebex(options: LocalWebexOptions): Promise<LocalWebex> {
  const { state, save } = persisted<WebexState>(options.dataDir, 'webex', () => ({
    credentials: { client_id: `C${token(16)}`, client_secret: token(), webhook_secret: token() },
    people: {}, oauth: { codes: {}, access: {}, refresh: {} }, webhooks: [], recordings: [], tickets: {}, deliveries: [],
  }));
  const accessSeconds = options.accessTokenSeconds ?? 1_209_600;
  let endpoint = '';
  const person = (email: string) => (state.people[email] ??= { id: `Y2lzY29zcGFyazovL3VzL1BFT1BMRS8${token(12)}`, email, preferences: {} });
  const error = (res: http.ServerResponse, status: number, message: string) => sendJson(res, status, { message, errors: [{ description: message }],
    trackingId: `LOCAL_${randomUUID()}` });
  const hookJson = ({ secret: _s, ...hook }: WebexHook) => hook;

  function recordingJson(r: WebexRecording, withLinks: boolean) {
    const base = {
      id: r.id, meetingId: r.meetingId, scheduledMeetingId: r.meetingId, meetingSeriesId: r.meetingId, topic: r.topic, createTime: r.createTime,
      timeRecorded: r.timeRecorded, siteUrl: 'local.webex.com', downloadUrl: `${endpoint}/recordingservice/sites/local/recording/${r.id}`,
      playbackUrl: `${endpoint}/recordingservice/sites/local/recording/playback/${r.id}`, format: r.format, serviceType: 'MeetingCenter',
      durationSeconds: r.durationSeconds, sizeBytes: r.sizeBytes, shareToMe: false, integrationTags: [], status: 'available', hostEmail: r.hostEmail,
    };
    if (!withLinks || r.preventDownload) return base;
    const ticket = token();
    const expiresAt = Date.now() + DIRECT_LINK_SECONDS * 1000;
    state.tickets[ticket] = { recordingId: r.id, expiresAt };
    save();
    return { ...base, temporaryDirectDownloadLinks: {
      recordingDownloadLink: `${endpoint}/nbr/download/${r.id}?ticket=${ticket}`, expiration: new Date(expiresAt).toISOString(),
    } };
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      options.log?.('local webex failed', { error: String(e) });
      if (!res.headersSent) error(res, 500, 'Internal error');
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://local');
    const p = url.pathname.replace(/\/+$/, '');
    if (p === '/v1/authorize') {
      return authorizePage(req, res, url, 'Webex', (email) => {
        const location = approvalRedirect(state.oauth, url.searchParams, state.credentials.client_id, email);
        if (location) { person(email); save(); }
        return location;
      });
    }
    if (p === '/v1/access_token' && req.method === 'POST') {
      const form = await formBody(req, new URL('http://local/'));
      if (form.get('client_id') !== state.credentials.client_id || form.get('client_secret') !== state.credentials.client_secret) {
        return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed.' });
      }
      const pair = grant(state.oauth, form, accessSeconds);
      save();
      if (!pair) return sendJson(res, 400, { error: 'invalid_grant', error_description: 'The refresh token or code provided is invalid or expired.' });
      return sendJson(res, 200, { access_token: pair.access, expires_in: accessSeconds, refresh_token: pair.refresh, refresh_token_expires_in: 7_776_000,
        token_type: 'Bearer', scope: 'spark:kms meeting:recordings_read' });
    }
    const download = /^\/nbr\/download\/([^/]+)$/.exec(p);
    if (download) {
      const ticket = state.tickets[url.searchParams.get('ticket') ?? ''];
      if (!ticket || ticket.recordingId !== decodeURIComponent(download[1]) || ticket.expiresAt < Date.now()) return error(res, 403,
        'The download link has expired.');
      const r = state.recordings.find((x) => x.id === ticket.recordingId);
      if (!r) return error(res, 404, 'Recording not found.');
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': r.sizeBytes });
      createReadStream(r.path).pipe(res);
      return;
    }
    if (!p.startsWith('/v1/')) return error(res, 404, `No such endpoint: ${req.method} ${p}`);
    const email = bearer(state.oauth, req);
    if (!email) return error(res, 401, 'The request requires a valid access token set in the Authorization request header.');
    const me = person(email);
    if (p === '/v1/people/me') return sendJson(res, 200, { id: me.id, emails: [me.email], displayName: me.email.split('@')[0], type: 'person' });
    if (p === '/v1/webhooks' && req.method === 'POST') {
      const body = await jsonBody(req);
      if (!body || typeof body.targetUrl !== 'string' || typeof body.resource !== 'string' || typeof body.event !== 'string' || typeof body.name !== 'string') {
        return error(res, 400, 'name, targetUrl, resource and event are required.');
      }
      const hook: WebexHook = {
        id: `Y2lzY29zcGFyazovL3VzL1dFQkhPT0sv${token(12)}`, name: body.name, targetUrl: body.targetUrl, resource: body.resource, event: body.event,
        secret: typeof body.secret === 'string' ? body.secret : undefined, filter: typeof body.filter === 'string' ? body.filter : undefined,
        ownerEmail: email, created: new Date().toISOString(), status: 'active',
      };
      state.webhooks.push(hook);
      save();
      return sendJson(res, 200, { ...hookJson(hook), ...(hook.secret ? { secret: hook.secret } : {}), ownedBy: 'creator', createdBy: me.id });
    }
    if (p === '/v1/webhooks' && req.method === 'GET') return sendJson(res, 200, { items: state.webhooks.filter((h) => h.ownerEmail === email).map(hookJson) });
    const hookPath = /^\/v1\/webhooks\/([^/]+)$/.exec(p);
    if (hookPath) {
      const index = state.webhooks.findIndex((h) => h.id === decodeURIComponent(hookPath[1]) && h.ownerEmail === email);
      if (index === -1) return error(res, 404, 'Webhook not found.');
      if (req.method === 'DELETE') {
        state.webhooks.splice(index, 1);
        save();
        res.writeHead(204).end();
        return;
      }
      return sendJson(res, 200, hookJson(state.webhooks[index]));
    }
    if (p === '/v1/recordings' && req.method === 'GET') {
      const max = Math.min(Math.max(Number(url.searchParams.get('max') ?? 10) || 10, 1), 100);
      const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
      const mine = state.recordings.filter((r) => r.hostEmail === email).sort((a, b) => b.createTime.localeCompare(a.createTime));
      const page = mine.slice(offset, offset + max);
      const headers: Record<string, string> = {};
      if (offset + max < mine.length) headers.link = `<${endpoint}/v1/recordings?max=${max}&offset=${offset + max}>; rel="next"`;
      return sendJson(res, 200, { items: page.map((r) => recordingJson(r, false)) }, headers);
    }
    const recPath = /^\/v1\/recordings\/([^/]+)$/.exec(p);
    if (recPath) {
      const r = state.recordings.find((x) => x.id === decodeURIComponent(recPath[1]) && x.hostEmail === email);
      return r ? sendJson(res, 200, recordingJson(r, true)) : error(res, 404, 'Recording not found.');
    }
    if (p === '/v1/meetingTranscripts' && req.method === 'GET') {
      const mine = state.recordings.filter((r) => r.hostEmail === email && r.transcriptVtt !== undefined
        && (!url.searchParams.get('meetingId') || r.meetingId === url.searchParams.get('meetingId')));
      return sendJson(res, 200, { items: mine.map((r) => ({
        id: `${r.id}T`, meetingId: r.meetingId, meetingTopic: r.topic, siteUrl: 'local.webex.com', startTime: r.timeRecorded, status: 'available',
        vttDownloadLink: `${endpoint}/v1/meetingTranscripts/${r.id}T/download?format=vtt`,
          txtDownloadLink: `${endpoint}/v1/meetingTranscripts/${r.id}T/download?format=txt`,
      })) });
    }
    const transcriptPath = /^\/v1\/meetingTranscripts\/([^/]+)T\/download$/.exec(p);
    if (transcriptPath) {
      const r = state.recordings.find((x) => x.id === decodeURIComponent(transcriptPath[1]) && x.hostEmail === email && x.transcriptVtt !== undefined);
      if (!r) return error(res, 404, 'Transcript not found.');
      const vtt = r.transcriptVtt!;
      const body = url.searchParams.get('format') === 'txt' ? vtt.replace(/^WEBVTT.*\n/, '').replace(/^.*-->.*$/gm, '').replace(/<v ([^>]+)>/g,
        '$1: ').replace(/<\/v>/g, '') : vtt;
      res.writeHead(200, { 'content-type': url.searchParams.get('format') === 'txt' ? 'text/plain; charset=utf-8' : 'text/vtt; charset=utf-8' }).end(body);
      return;
    }
    if (p === '/v1/meetingParticipants') {
      const r = state.recordings.find((x) => x.meetingId === url.searchParams.get('meetingId') && x.hostEmail === email);
      if (!r) return error(res, 404, 'Meeting not found.');
      return sendJson(res, 200, { items: [email, ...r.participants].map((e) => ({ id: token(8), email: e, displayName: e.split('@')[0],
        host: e === email })) });
    }
    if (p === '/v1/meetingPreferences/schedulingOptions') {
      if (req.method === 'PUT') {
        const body = await jsonBody(req);
        if (!body) return error(res, 400, 'JSON body required.');
        Object.assign(me.preferences, body);
        save();
      }
      return sendJson(res, 200, { enabledJoinBeforeHost: false, enabledAutoShareRecording: false, ...me.preferences });
    }
    error(res, 404, `No such endpoint: ${req.method} ${p}`);
  }

  const listening = await listenRemembered(server, options, state, save);
  endpoint = listening.endpoint;

  async function handleDev(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const p = url.pathname.replace(/\/+$/, '');
    if (req.method === 'GET' && p === '/dev/webex') {
      return sendJson(res, 200, {
        endpoint, people: Object.values(state.people), webhooks: state.webhooks.map(hookJson),
        recordings: state.recordings.map(({ path: _p, transcriptVtt, ...r }) => ({ ...r, has_transcript: transcriptVtt !== undefined })),
          deliveries: state.deliveries.slice(-50),
      });
    }
    if (req.method === 'POST' && p === '/dev/webex/recordings') {
      const body = await jsonBody(req);
      const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
      const file = typeof body?.file === 'string' ? body.file : '';
      if (!email || !file) return sendJson(res, 400, { message: 'Send JSON {email, topic, file} (file: a path of a recording on this machine).' });
      if (body?.transcript_vtt !== undefined && (typeof body.transcript_vtt !== 'string' || !/^\uFEFF?WEBVTT/.test(body.transcript_vtt))) {
        return sendJson(res, 400, { message: 'transcript_vtt must be a WebVTT text (starting with WEBVTT), speakers in <v Name> tags.' });
      }
      const allowed = allowedRecordingFile(file, options.recordingDirs);
      if (!allowed) return sendJson(res, 400, { message: `file must be a recording inside ${options.recordingDirs.join(' or ')}.` });
      let facts;
      try {
        facts = await describeFile(allowed);
      } catch {
        return sendJson(res, 400, { message: `No readable file at ${file}.` });
      }
      person(email);
      const now = new Date();
      const recording: WebexRecording = {
        id: randomUUID().replace(/-/g, ''), meetingId: `${randomUUID().replace(/-/g, '')}_I_${token(6)}`,
        topic: typeof body?.topic === 'string' && body.topic.trim() ? body.topic.trim() : 'Webex meeting',
        createTime: now.toISOString(), timeRecorded: new Date(now.getTime() - facts.durationSeconds * 1000).toISOString(),
        durationSeconds: Math.round(facts.durationSeconds), sizeBytes: facts.size, format: 'MP4', hostEmail: email, path: allowed,
        participants: Array.isArray(body?.participants) ? body.participants.filter((x): x is string => typeof x === 'string') : [],
        preventDownload: body?.prevent_download === true,
        ...(typeof body?.transcript_vtt === 'string' && body.transcript_vtt.trim() ? { transcriptVtt: body.transcript_vtt } : {}),
      };
      state.recordings.push(recording);
      save();
      const statuses: (number | string)[] = [];
      for (const hook of state.webhooks.filter((h) => h.ownerEmail === email && h.resource === 'recordings' && h.event === 'created')) {
        const payload = JSON.stringify({
          id: hook.id, name: hook.name, targetUrl: hook.targetUrl, resource: 'recordings', event: 'created', orgId: 'local-org', createdBy: person(email).id,
          appId: state.credentials.client_id, ownedBy: 'creator', status: 'active', created: hook.created, actorId: person(email).id,
          data: { id: recording.id, meetingId: recording.meetingId, topic: recording.topic, createTime: recording.createTime, hostEmail: email },
        });
        let status: number | string;
        try {
          const response = await fetch(hook.targetUrl, { method: 'POST', body: payload, headers: { 'content-type': 'application/json', ...(hook.secret ?
            { 'x-spark-signature': webexSign(hook.secret, payload) } : {}) } });
          status = response.status;
        } catch (e) {
          status = (e as Error).message;
        }
        state.deliveries.push({ webhookId: hook.id, recordingId: recording.id, status, at: new Date().toISOString() });
        statuses.push(status);
      }
      save();
      const { path: _p, transcriptVtt: _t, ...shown } = recording;
      return sendJson(res, 201, { recording: shown, webhook_statuses: statuses });
    }
    sendJson(res, 404, {
      message: 'Dev endpoints: GET /dev/webex/, POST /dev/webex/recordings {email, topic, file, participants?, prevent_download?, transcript_vtt?}.' });
  }

  return {
    endpoint, credentials: state.credentials, environment: { WEBEX_API_BASE: `${endpoint}/v1` },
    handleDev, stop: () => listening.stop(),
  };
}
