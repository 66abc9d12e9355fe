/**
 * Webex (Integration OAuth; docs/integrations.md, ../shared/design/third-party-apis.md §2): client credentials
 * in the token request body, GET /people/me, a `recordings`/`created` webhook registered per user with its own
 * secret, recordings re-fetched by id and downloaded from the temporary direct link (no auth header; it expires).
 */
import { createHmac } from 'node:crypto';
import type { ServiceLifecycle } from '../../core/integrations/connect.js';
import type { RecordingSource } from '../../core/integrations/import-recording.js';
import { ProviderError, type OAuthClient } from '../../core/integrations/ports.js';
import type { ProviderRecording, RecordingFile } from '../../core/integrations/recordings.js';
import { bodyChunks, requestJson, tokenRequest } from './http.js';
import type { ProviderCredentials } from './provider-settings.js';

export interface WebexSettings { readonly apiBase: string; readonly credentials: () => Promise<ProviderCredentials>; readonly webhookUrl: string }

/** The secret of one user's webhook: derived from the app's webhook secret, so it never needs storing. */
export function webexWebhookSecret(appWebhookSecret: string, userId: string): string {
  return createHmac('sha256', appWebhookSecret).update(`webex-webhook:${userId}`).digest('hex');
}

export function webexOAuth(settings: WebexSettings, now: () => number = Date.now): OAuthClient {
  const token = async (fields: Record<string, string>) => {
    const c = await settings.credentials();
    return tokenRequest(`${settings.apiBase}/access_token`, new URLSearchParams({ ...fields, client_id: c.clientId, client_secret: c.clientSecret }), {},
      now());
  };
  return {
    async authorizeUrl({ redirectUri, state, scopes, loginHint }) {
      const url = new URL(`${settings.apiBase}/authorize`);
      url.search = new URLSearchParams({
        client_id: (await settings.credentials()).clientId, response_type: 'code', redirect_uri: redirectUri,
        scope: scopes.join(' '), state, ...(loginHint ? { login_hint: loginHint } : {}),
      }).toString();
      return url.toString();
    },
    exchangeCode: (code, redirectUri) => token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  };
}

interface WebexRecording {
  id: string; meetingId?: string; topic?: string; createTime?: string; timeRecorded?: string; durationSeconds?: number; sizeBytes?: number; format?: string;
  temporaryDirectDownloadLinks?: { recordingDownloadLink?: string; audioDownloadLink?: string; expiration?: string };
}

export function toWebexRecording(r: WebexRecording): ProviderRecording {
  const links = r.temporaryDirectDownloadLinks;
  const files: RecordingFile[] = [];
  if (links?.recordingDownloadLink) files.push({ id: `${r.id}:video`, fileType: 'MP4', recordingType: 'shared_screen_with_speaker_view', sizeBytes: r.sizeBytes,
    downloadUrl: links.recordingDownloadLink });
  if (links?.audioDownloadLink) files.push({ id: `${r.id}:audio`, fileType: 'M4A', recordingType: 'audio_only', downloadUrl: links.audioDownloadLink });
  return {
    service: 'webex', recordingId: r.id, topic: r.topic ?? 'Webex meeting', startTime: r.timeRecorded ?? r.createTime ?? '',
    durationSeconds: r.durationSeconds ?? 0, files, downloadDisabled: !links?.recordingDownloadLink && !links?.audioDownloadLink,
  };
}

export function webexApi(settings: WebexSettings, token: (userId: string) => Promise<string>) {
  const call = async <T>(userId: string, path: string, init: RequestInit = {}) =>
    requestJson<T>(`${settings.apiBase}${path}`, { ...init, headers: { authorization: `Bearer ${await token(userId)}`, 'content-type': 'application/json',
      ...(init.headers ?? {}) } });

  /** The meeting's transcript (Webex meeting-transcripts API, VTT with speaker names), best effort. */
  async function meetingTranscript(userId: string, meetingId: string): Promise<RecordingFile | undefined> {
    try {
      const out = await call<{ items?: { id?: string; vttDownloadLink?: string; status?: string }[] }>(userId,
        `/meetingTranscripts?${new URLSearchParams({ meetingId })}`);
      const item = (out.items ?? []).find((t) => t.vttDownloadLink && (!t.status || t.status === 'available'));
      return item ? { id: `${item.id ?? meetingId}:vtt`, fileType: 'VTT', recordingType: 'transcript', downloadUrl: item.vttDownloadLink! } : undefined;
    } catch {
      return undefined;
    }
  }

  const source: RecordingSource = {
    async recording(userId, recordingId) {
      // Always re-fetched: the direct links expire 3 h after this call, so they are read right before downloading.
      const raw = await call<WebexRecording>(userId, `/recordings/${encodeURIComponent(recordingId)}`);
      const recording = toWebexRecording(raw);
      const transcript = raw.meetingId ? await meetingTranscript(userId, raw.meetingId) : undefined;
      return transcript ? { ...recording, speakerFiles: { transcript } } : recording;
    },
    async open(userId, file) {
      // Direct download links carry their own ticket; the transcript download is an API call with the user's token.
      const headers: Record<string, string> = file.fileType === 'VTT' ? { authorization: `Bearer ${await token(userId)}` } : {};
      const response = await fetch(file.downloadUrl, { redirect: 'follow', headers });
      if (!response.ok) throw new ProviderError(`Webex download answered ${response.status}`, response.status);
      return bodyChunks(response);
    },
    async participants(userId, recordingId) {
      const recording = await call<WebexRecording>(userId, `/recordings/${encodeURIComponent(recordingId)}`);
      if (!recording.meetingId) return [];
      const out = await call<{ items?: { email?: string }[] }>(userId, `/meetingParticipants?${new URLSearchParams({ meetingId: recording.meetingId })}`);
      return (out.items ?? []).flatMap((p) => (p.email ? [p.email] : []));
    },
  };
  return { call, source };
}

export function webexLifecycle(settings: WebexSettings): ServiceLifecycle {
  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' });
  return {
    async identity(accessToken) {
      const me = await requestJson<{ id?: string; emails?: string[] }>(`${settings.apiBase}/people/me`, { headers: bearer(accessToken) });
      if (!me.id) throw new ProviderError('Webex /people/me answered without an id');
      return { id: me.id, email: me.emails?.[0] ?? '' };
    },
    async connected(userId, accessToken, identity) {
      const secret = webexWebhookSecret((await settings.credentials()).webhookSecret, userId);
      const hook = await requestJson<{ id?: string }>(`${settings.apiBase}/webhooks`, {
        method: 'POST', headers: bearer(accessToken),
        body: JSON.stringify({ name: 'MeetScribe recordings', targetUrl: settings.webhookUrl, resource: 'recordings', event: 'created', secret }),
      });
      if (!hook.id) throw new ProviderError('Webex answered the webhook registration without an id');
      return { webhookId: hook.id, providerKeys: [identity.id, hook.id] };
    },
    async completed() {
      // Webex recordings arrive by the webhook registered on connect.
    },
    async removed(connection, accessToken) {
      // Webex documents no revocation of a user's integration tokens; deleting the webhook stops the deliveries.
      if (!connection.webhookId || !accessToken) return;
      await fetch(`${settings.apiBase}/webhooks/${encodeURIComponent(connection.webhookId)}`, { method: 'DELETE', headers: bearer(accessToken) });
    },
    async applySettings(accessToken, settingsChange) {
      await requestJson(`${settings.apiBase}/meetingPreferences/schedulingOptions`, {
        method: 'PUT', headers: bearer(accessToken), body: JSON.stringify({ enabledAutoRecordMeeting: settingsChange.autoRecord }),
      });
    },
  };
}
