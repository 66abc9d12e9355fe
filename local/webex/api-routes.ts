/**
 * The Webex API of the local server (third-party-apis.md §2.5): /v1/authorize and /v1/access_token (client
 * credentials in the form body, rotating refresh tokens), /v1/people/me, /v1/webhooks (create, list, get, delete),
 * /v1/recordings (list with a Link header) and /v1/recordings/{id} with temporaryDirectDownloadLinks to
 * /nbr/download/{id}?ticket= (403 after expiry), /v1/meetingTranscripts (list by meetingId, VTT/TXT download),
 * /v1/meetingParticipants and /v1/meetingPreferences/schedulingOptions.
 */
import { createReadStream } from 'node:fs';
import { bearer, grant, token } from '../provider-kit/index.js';
import { authorizeRoute } from '../provider-kit/meeting-provider.js';
import { route, type Call, type Reply, type Route } from '../provider-kit/routes.js';
import { hookJson, webexError, type WebexHook, type WebexServer } from './server.js';

type Person = ReturnType<WebexServer['person']>;
type SignedIn = (call: Call, me: Person) => Promise<Reply> | Reply;
const ok = (body: unknown, headers?: Record<string, string>): Reply => ({ status: 200, body, headers });

export function webexApiRoutes(webex: WebexServer): Route[] {
  const { state, save } = webex;

  const authorize = authorizeRoute('Webex', state, (email) => { webex.person(email); save(); });

  async function accessToken(call: Call): Promise<Reply> {
    const form = await call.form();
    if (form.get('client_id') !== state.credentials.client_id || form.get('client_secret') !== state.credentials.client_secret) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed.' } };
    }
    const pair = grant(state.oauth, form, webex.accessSeconds);
    save();
    if (!pair) return { status: 400, body: { error: 'invalid_grant', error_description: 'The refresh token or code provided is invalid or expired.' } };
    return ok({ access_token: pair.access, expires_in: webex.accessSeconds, refresh_token: pair.refresh, refresh_token_expires_in: 7_776_000,
      token_type: 'Bearer', scope: 'spark:kms meeting:recordings_read' });
  }

  function directDownload({ params, url, res }: Call): Reply | void {
    const ticket = state.tickets[url.searchParams.get('ticket') ?? ''];
    if (!ticket || ticket.recordingId !== params.id || ticket.expiresAt < Date.now()) return webexError(403, 'The download link has expired.');
    const r = state.recordings.find((x) => x.id === ticket.recordingId);
    if (!r) return webexError(404, 'Recording not found.');
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': r.sizeBytes });
    createReadStream(r.path).pipe(res);
  }

  /** A /v1/ call: the person its Bearer token names, or Webex's 401. */
  const signedIn = (handler: SignedIn) => (call: Call) => {
    const email = bearer(state.oauth, call.req);
    if (!email) return webexError(401, 'The request requires a valid access token set in the Authorization request header.');
    return handler(call, webex.person(email));
  };

  const mine = (me: Person) => state.recordings.filter((r) => r.hostEmail === me.email);

  return [
    route('*', '/v1/authorize', authorize),
    route('POST', '/v1/access_token', accessToken),
    route('GET', '/nbr/download/:id', directDownload),
    route('GET', '/v1/people/me', signedIn((_c, me) => ok({ id: me.id, emails: [me.email], displayName: me.email.split('@')[0], type: 'person' }))),
    route('POST', '/v1/webhooks', signedIn((call, me) => createHook(webex, call, me))),
    route('GET', '/v1/webhooks', signedIn((_c, me) => ok({ items: state.webhooks.filter((h) => h.ownerEmail === me.email).map(hookJson) }))),
    route('GET', '/v1/webhooks/:id', signedIn(({ params }, me) => {
      const hook = state.webhooks.find((h) => h.id === params.id && h.ownerEmail === me.email);
      return hook ? ok(hookJson(hook)) : webexError(404, 'Webhook not found.');
    })),
    route('DELETE', '/v1/webhooks/:id', signedIn(({ params }, me) => {
      const index = state.webhooks.findIndex((h) => h.id === params.id && h.ownerEmail === me.email);
      if (index === -1) return webexError(404, 'Webhook not found.');
      state.webhooks.splice(index, 1);
      save();
      return { status: 204 };
    })),
    route('GET', '/v1/recordings', signedIn(({ url }, me) => listRecordings(webex, url, mine(me)))),
    route('GET', '/v1/recordings/:id', signedIn(({ params }, me) => {
      const r = mine(me).find((x) => x.id === params.id);
      return r ? ok(webex.recordingJson(r, true)) : webexError(404, 'Recording not found.');
    })),
    route('GET', '/v1/meetingTranscripts', signedIn(({ url }, me) => listTranscripts(webex, url, mine(me)))),
    route('GET', '/v1/meetingTranscripts/:id/download', signedIn(({ params, url }, me) => transcript(params.id, url, mine(me)))),
    route('GET', '/v1/meetingParticipants', signedIn(({ url }, me) => {
      const r = mine(me).find((x) => x.meetingId === url.searchParams.get('meetingId'));
      if (!r) return webexError(404, 'Meeting not found.');
      return ok({ items: [me.email, ...r.participants].map((e) => ({ id: token(8), email: e, displayName: e.split('@')[0], host: e === me.email })) });
    })),
    route('GET', '/v1/meetingPreferences/schedulingOptions', signedIn((_c, me) => schedulingOptions(me))),
    route('PUT', '/v1/meetingPreferences/schedulingOptions', signedIn(async (call, me) => {
      Object.assign(me.preferences, await call.json());
      save();
      return schedulingOptions(me);
    })),
  ];
}

const schedulingOptions = (me: Person) => ok({ enabledJoinBeforeHost: false, enabledAutoShareRecording: false, ...me.preferences });

async function createHook(webex: WebexServer, call: Call, me: Person): Promise<Reply> {
  const body = await call.json();
  if (typeof body.targetUrl !== 'string' || typeof body.resource !== 'string' || typeof body.event !== 'string' || typeof body.name !== 'string') {
    return webexError(400, 'name, targetUrl, resource and event are required.');
  }
  const hook: WebexHook = {
    id: `Y2lzY29zcGFyazovL3VzL1dFQkhPT0sv${token(12)}`, name: body.name, targetUrl: body.targetUrl, resource: body.resource, event: body.event,
    secret: typeof body.secret === 'string' ? body.secret : undefined, filter: typeof body.filter === 'string' ? body.filter : undefined,
    ownerEmail: me.email, created: new Date().toISOString(), status: 'active',
  };
  webex.state.webhooks.push(hook);
  webex.save();
  return ok({ ...hookJson(hook), ...(hook.secret ? { secret: hook.secret } : {}), ownedBy: 'creator', createdBy: me.id });
}

/** The newest recordings first, `max` a page, the next page in a Link header. */
function listRecordings(webex: WebexServer, url: URL, recordings: WebexServer['state']['recordings']): Reply {
  const max = Math.min(Math.max(Number(url.searchParams.get('max') ?? 10) || 10, 1), 100);
  const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
  const sorted = [...recordings].sort((a, b) => b.createTime.localeCompare(a.createTime));
  const headers: Record<string, string> = {};
  if (offset + max < sorted.length) headers.link = `<${webex.endpoint}/v1/recordings?max=${max}&offset=${offset + max}>; rel="next"`;
  return ok({ items: sorted.slice(offset, offset + max).map((r) => webex.recordingJson(r, false)) }, headers);
}

function listTranscripts(webex: WebexServer, url: URL, recordings: WebexServer['state']['recordings']): Reply {
  const meetingId = url.searchParams.get('meetingId');
  const withTranscript = recordings.filter((r) => r.transcriptVtt !== undefined && (!meetingId || r.meetingId === meetingId));
  return ok({ items: withTranscript.map((r) => ({
    id: `${r.id}T`, meetingId: r.meetingId, meetingTopic: r.topic, siteUrl: 'local.webex.com', startTime: r.timeRecorded, status: 'available',
    vttDownloadLink: `${webex.endpoint}/v1/meetingTranscripts/${r.id}T/download?format=vtt`,
    txtDownloadLink: `${webex.endpoint}/v1/meetingTranscripts/${r.id}T/download?format=txt`,
  })) });
}

/** A transcript (id: the recording's id and `T`) as WebVTT, or with format=txt as `Name: text` lines. */
function transcript(id: string, url: URL, recordings: WebexServer['state']['recordings']): Reply {
  const r = id.endsWith('T') ? recordings.find((x) => x.id === id.slice(0, -1) && x.transcriptVtt !== undefined) : undefined;
  if (!r) return webexError(404, 'Transcript not found.');
  const vtt = r.transcriptVtt!;
  if (url.searchParams.get('format') !== 'txt') return { status: 200, text: vtt, headers: { 'content-type': 'text/vtt; charset=utf-8' } };
  const text = vtt.replace(/^WEBVTT.*\n/, '').replace(/^.*-->.*$/gm, '').replace(/<v ([^>]+)>/g, '$1: ').replace(/<\/v>/g, '');
  return { status: 200, text, headers: { 'content-type': 'text/plain; charset=utf-8' } };
}
