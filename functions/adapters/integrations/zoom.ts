/**
 * Zoom (user-level General OAuth app; docs/integrations.md, ../shared/design/third-party-apis.md §1):
 * OAuth with Basic client authentication, GET /users/me, cloud recordings listed month by month for the
 * 30-day backfill, files downloaded with the user's bearer token (following Zoom's redirect to its CDN).
 */
import type { ServiceLifecycle } from '../../core/integrations/connect.js';
import type { RecordingSource } from '../../core/integrations/import-recording.js';
import { isTrustedDownload, UntrustedDownload, ZOOM_DOWNLOAD_DOMAINS, type TrustedDownloads } from '../../core/integrations/download-hosts.js';
import { ProviderError, type OAuthClient } from '../../core/integrations/ports.js';
import type { ProviderRecording, RecordingFile, SpeakerFiles } from '../../core/integrations/recordings.js';
import { participantName } from '../../core/speakers/cues.js';
import { bodyChunks, requestJson, tokenRequest } from './http.js';
import type { ProviderCredentials } from './provider-settings.js';

export interface ZoomSettings { readonly oauthBase: string; readonly apiBase: string; readonly credentials: () => Promise<ProviderCredentials> }

/** The part of a Zoom meeting-recording object (webhook `payload.object` or list entry) that the import reads. */
export interface ZoomRecordingObject {
  uuid: string; id?: number | string; host_id?: string; topic?: string; start_time?: string; duration?: number;
  recording_files?: ZoomFileObject[];
  /** Present when the account records a separate audio file per participant (`file_name` names the participant). */
  participant_audio_files?: (ZoomFileObject & { file_name?: string })[];
}

interface ZoomFileObject { id?: string; file_type?: string; recording_type?: string; file_size?: number; download_url?: string; status?: string;
  recording_start?: string; recording_end?: string }

const completed = (f: ZoomFileObject) => Boolean(f.download_url) && (!f.status || f.status.toLowerCase() === 'completed');
const asFile = (f: ZoomFileObject): RecordingFile => ({
  id: f.id ?? f.download_url!, fileType: f.file_type ?? '', recordingType: f.recording_type, sizeBytes: f.file_size, downloadUrl: f.download_url!,
    status: f.status,
});

/** Zoom's files that say who spoke: per-participant audio, the TIMELINE, the TRANSCRIPT (VTT). */
export function zoomSpeakerFiles(object: ZoomRecordingObject): SpeakerFiles | undefined {
  const tracks = (object.participant_audio_files ?? []).filter(completed).map((f) => ({ name: participantName(f.file_name ?? ''),
    file: asFile(f) })).filter((t) => t.name);
  const byType = (type: string) => (object.recording_files ?? []).find((f) => (f.file_type ?? '').toUpperCase() === type && completed(f));
  const timeline = byType('TIMELINE');
  const transcript = byType('TRANSCRIPT');
  if (tracks.length === 0 && !timeline && !transcript) return undefined;
  return { ...(tracks.length > 0 ? { participantAudio: tracks } : {}), ...(timeline ? { timeline: asFile(timeline) } : {}), ...(transcript ?
    { transcript: asFile(transcript) } : {}) };
}

export const BACKFILL_DAYS = 30;

export function zoomOAuth(settings: ZoomSettings, now: () => number = Date.now): OAuthClient {
  const basic = async () => {
    const c = await settings.credentials();
    return `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`;
  };
  return {
    async authorizeUrl({ redirectUri, state, loginHint }) {
      const clientId = (await settings.credentials()).clientId;
      const url = new URL(`${settings.oauthBase}/oauth/authorize`);
      url.search = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri, state, ...(loginHint ?
        { login_hint: loginHint } : {}) }).toString();
      return url.toString();
    },
    async exchangeCode(code, redirectUri) {
      return tokenRequest(`${settings.oauthBase}/oauth/token`, new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
        { authorization: await basic() }, now());
    },
    async refresh(refreshToken) {
      return tokenRequest(`${settings.oauthBase}/oauth/token`, new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
        { authorization: await basic() }, now());
    },
  };
}

/** Zoom's rule for uuids in paths: one starting with '/' or containing '//' is encoded twice. */
export function zoomUuidPath(uuid: string): string {
  const once = encodeURIComponent(uuid);
  return uuid.startsWith('/') || uuid.includes('//') ? encodeURIComponent(once) : once;
}

export function toProviderRecording(object: ZoomRecordingObject): ProviderRecording {
  const files: RecordingFile[] = (object.recording_files ?? []).flatMap((f) => (f.download_url && f.file_type ? [{
    id: f.id ?? f.download_url, fileType: f.file_type, recordingType: f.recording_type, sizeBytes: f.file_size, downloadUrl: f.download_url, status: f.status,
  }] : []));
  const spans = (object.recording_files ?? []).flatMap((f) => (f.recording_start && f.recording_end ?
    [Date.parse(f.recording_end) - Date.parse(f.recording_start)] : []));
  const durationSeconds = spans.length > 0 ? Math.max(...spans) / 1000 : (object.duration ?? 0) * 60;
  const speakerFiles = zoomSpeakerFiles(object);
  return { service: 'zoom', recordingId: object.uuid, topic: object.topic ?? 'Zoom meeting', startTime: object.start_time ?? '', durationSeconds, files,
    ...(speakerFiles ? { speakerFiles } : {}) };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Zoom's download hosts, and the configured Zoom bases (the local test server in the local edition). */
export function zoomDownloadHosts(settings: Pick<ZoomSettings, 'oauthBase' | 'apiBase'>): TrustedDownloads {
  return { domains: ZOOM_DOWNLOAD_DOMAINS, origins: [new URL(settings.oauthBase).origin, new URL(settings.apiBase).origin] };
}

const MAX_REDIRECTS = 5;

/**
 * GETs a recording file from a trusted host, following at most 5 redirects by hand: each target must be trusted
 * too (UntrustedDownload otherwise, before anything is sent there), and the bearer token goes only to the host of
 * the download URL itself, never to a CDN or any other host a redirect names.
 */
async function download(url: string, authorization: string, trusted: TrustedDownloads): Promise<AsyncIterable<Uint8Array>> {
  if (!isTrustedDownload(url, trusted)) throw new UntrustedDownload(url);
  const tokenHost = new URL(url).host;
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const headers: Record<string, string> = new URL(current).host === tokenHost ? { authorization } : {};
    const response = await fetch(current, { headers, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const next = new URL(location, current).toString();
      if (!isTrustedDownload(next, trusted)) throw new UntrustedDownload(next);
      current = next;
      continue;
    }
    if (!response.ok) throw new ProviderError(`Zoom download answered ${response.status}`, response.status);
    return bodyChunks(response);
  }
  throw new ProviderError(`Zoom download redirected more than ${MAX_REDIRECTS} times`);
}

export function zoomApi(settings: ZoomSettings, token: (userId: string) => Promise<string>) {
  const trusted = zoomDownloadHosts(settings);
  const get = async <T>(userId: string, path: string) =>
    requestJson<T>(`${settings.apiBase}${path}`, { headers: { authorization: `Bearer ${await token(userId)}` } });

  /** Recordings of the last `days` days, month-sized windows (Zoom's limit), every page. */
  async function listRecent(userId: string, nowMs: number, days = BACKFILL_DAYS): Promise<ZoomRecordingObject[]> {
    const all: ZoomRecordingObject[] = [];
    const from = nowMs - days * 86_400_000;
    for (let start = from; start < nowMs; start += 30 * 86_400_000) {
      const end = Math.min(start + 29 * 86_400_000, nowMs);
      let next = '';
      do {
        const page = await get<{ meetings?: ZoomRecordingObject[]; next_page_token?: string }>(userId,
          `/users/me/recordings?${new URLSearchParams({ from: day(start), to: day(end), page_size: '300', ...(next ? { next_page_token: next } : {}) })}`);
        all.push(...(page.meetings ?? []));
        next = page.next_page_token ?? '';
      } while (next);
    }
    return all;
  }

  const source: RecordingSource = {
    async recording(userId, recordingId, hint) {
      // A webhook's links are used only when every one is on Zoom's download hosts; otherwise Zoom's API says where the files are.
      if (hint && hint.files.length > 0 && hint.files.every((f) => isTrustedDownload(f.downloadUrl, trusted))) return hint;
      return toProviderRecording(await get<ZoomRecordingObject>(userId, `/meetings/${zoomUuidPath(recordingId)}/recordings`));
    },
    open: async (userId, file) => download(file.downloadUrl, `Bearer ${await token(userId)}`, trusted),
  };
  return { get, listRecent, source };
}

export function zoomLifecycle(api: ReturnType<typeof zoomApi>, settings: ZoomSettings, backfill: (userId: string) => Promise<void>): ServiceLifecycle {
  return {
    async identity(accessToken) {
      const me = await requestJson<{ id?: string; email?: string; account_id?: string }>(`${settings.apiBase}/users/me`,
        { headers: { authorization: `Bearer ${accessToken}` } });
      if (!me.id) throw new ProviderError('Zoom /users/me answered without an id');
      return { id: me.id, email: me.email ?? '', accountId: me.account_id };
    },
    async connected(_userId, _accessToken, identity) {
      return { providerKeys: [identity.id] };
    },
    completed: (userId) => backfill(userId),
    async removed(_connection, accessToken, { revoke }) {
      // Zoom's documented revoke (POST /oauth/revoke, Basic client auth, form token=…) also uninstalls the app for the account.
      if (!revoke || !accessToken) return;
      const c = await settings.credentials();
      await requestJson(`${settings.oauthBase}/oauth/revoke`, {
        method: 'POST', body: new URLSearchParams({ token: accessToken }),
        headers: { authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded' },
      });
    },
  };
}
