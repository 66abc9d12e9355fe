/**
 * The /dev/webex/ endpoints of the local Webex server, served on the app gateway (docs/integrations.md): GET /dev/webex/
 * reads out the state; POST /dev/webex/recordings {email, topic, file, participants?, prevent_download?, transcript_vtt?}
 * makes a recording and sends the `recordings`/`created` webhooks, signed with X-Spark-Signature.
 */
import { randomUUID } from 'node:crypto';
import { token } from '../provider-kit/index.js';
import { postWebhook, recordingFacts, recordingFields, type RecordingFacts } from '../provider-kit/meeting-provider.js';
import { route, type Call, type Reply, type Route } from '../provider-kit/routes.js';
import { hookJson, webexSign, type WebexRecording, type WebexServer } from './server.js';

export const WEBEX_DEV_HELP = 'Dev endpoints: GET /dev/webex/, POST /dev/webex/recordings {email, topic, file, participants?, prevent_download?, '
  + 'transcript_vtt?}.';
const bad = (message: string): Reply => ({ status: 400, body: { message } });

export function webexDevRoutes(webex: WebexServer): Route[] {
  const { state, save, options } = webex;

  function readOut(): Reply {
    return { status: 200, body: {
      endpoint: webex.endpoint, people: Object.values(state.people), webhooks: state.webhooks.map(hookJson),
      recordings: state.recordings.map(({ path: _p, transcriptVtt, ...r }) => ({ ...r, has_transcript: transcriptVtt !== undefined })),
      deliveries: state.deliveries.slice(-50),
    } };
  }

  async function addRecording(call: Call): Promise<Reply> {
    const body = await call.json();
    const { email, file, topic } = recordingFields(body, 'Webex meeting');
    if (!email || !file) return bad('Send JSON {email, topic, file} (file: a path of a recording on this machine).');
    if (body.transcript_vtt !== undefined && (typeof body.transcript_vtt !== 'string' || !/^\uFEFF?WEBVTT/.test(body.transcript_vtt))) {
      return bad('transcript_vtt must be a WebVTT text (starting with WEBVTT), speakers in <v Name> tags.');
    }
    const facts = await recordingFacts(file, options.recordingDirs);
    if (typeof facts === 'string') return bad(facts);
    webex.person(email);
    const recording = newRecording(email, topic, body, facts);
    state.recordings.push(recording);
    save();
    const statuses = await notify(recording);
    const { path: _p, transcriptVtt: _t, ...shown } = recording;
    return { status: 201, body: { recording: shown, webhook_statuses: statuses } };
  }

  /** Sends `recordings`/`created` to each of the host's webhooks for it; the answers' statuses. */
  async function notify(recording: WebexRecording): Promise<(number | string)[]> {
    const email = recording.hostEmail;
    const statuses: (number | string)[] = [];
    for (const hook of state.webhooks.filter((h) => h.ownerEmail === email && h.resource === 'recordings' && h.event === 'created')) {
      const payload = JSON.stringify({
        id: hook.id, name: hook.name, targetUrl: hook.targetUrl, resource: 'recordings', event: 'created', orgId: 'local-org',
        createdBy: webex.person(email).id, appId: state.credentials.client_id, ownedBy: 'creator', status: 'active', created: hook.created,
        actorId: webex.person(email).id,
        data: { id: recording.id, meetingId: recording.meetingId, topic: recording.topic, createTime: recording.createTime, hostEmail: email },
      });
      const status = await postWebhook(hook.targetUrl, payload, hook.secret ? { 'x-spark-signature': webexSign(hook.secret, payload) } : {});
      state.deliveries.push({ webhookId: hook.id, recordingId: recording.id, status, at: new Date().toISOString() });
      statuses.push(status);
    }
    save();
    return statuses;
  }

  return [route('GET', '/dev/webex', readOut), route('POST', '/dev/webex/recordings', addRecording)];
}

function newRecording(email: string, topic: string, body: Record<string, unknown>, facts: RecordingFacts): WebexRecording {
  const now = new Date();
  return {
    id: randomUUID().replace(/-/g, ''), meetingId: `${randomUUID().replace(/-/g, '')}_I_${token(6)}`, topic,
    createTime: now.toISOString(), timeRecorded: new Date(now.getTime() - facts.durationSeconds * 1000).toISOString(),
    durationSeconds: Math.round(facts.durationSeconds), sizeBytes: facts.size, format: 'MP4', hostEmail: email, path: facts.path,
    participants: Array.isArray(body.participants) ? body.participants.filter((x): x is string => typeof x === 'string') : [],
    preventDownload: body.prevent_download === true,
    ...(typeof body.transcript_vtt === 'string' && body.transcript_vtt.trim() ? { transcriptVtt: body.transcript_vtt } : {}),
  };
}
