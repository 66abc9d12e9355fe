/**
 * The state of the local Zoom server and what its API routes and /dev/ routes share: the test accounts, the JSON
 * of recordings as Zoom lists them, client authentication and signed webhook delivery (third-party-apis.md §1).
 */
import { createHmac } from 'node:crypto';
import type http from 'node:http';
import { postWebhook, type LocalMeetingProviderOptions } from '../provider-kit/meeting-provider.js';
import { persisted, token, type OAuthState } from '../provider-kit/index.js';

export interface ZoomRecordingFile { id: string; file_type: string; recording_type: string; file_size: number; status: string; recording_start: string;
  recording_end: string; path: string; stall_ms?: number; stall_downloads?: number }
export interface ZoomRecording { uuid: string; id: number; host_id: string; host_email: string; account_id: string; topic: string; type: number;
  start_time: string; duration: number; total_size: number; recording_count: number; files: ZoomRecordingFile[];
    participant_files?: (ZoomRecordingFile & { file_name: string })[] }

export interface ZoomState {
  /** The port of the last start, reused so URLs handed out before a restart (download links in running imports) keep working. */
  port?: number;
  credentials: { client_id: string; client_secret: string; webhook_secret: string };
  accounts: Record<string, { id: string; account_id: string; email: string }>;
  oauth: OAuthState;
  recordings: ZoomRecording[];
  deliveries: { event: string; uuid?: string; status: number | string; at: string }[];
}

export interface LocalZoomOptions extends LocalMeetingProviderOptions { appUrl: string }

export function zoomSign(secret: string, timestamp: string, body: string) {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export type ZoomServer = ReturnType<typeof zoomServer>;

/** The server's state (kept in `${dataDir}/zoom.json`) and the helpers its routes share; `endpoint` is set once it listens. */
export function zoomServer(options: LocalZoomOptions) {
  const { state, save } = persisted<ZoomState>(options.dataDir, 'zoom', () => ({
    credentials: { client_id: `local-zoom-${token(6)}`, client_secret: token(), webhook_secret: token() },
    accounts: {}, oauth: { codes: {}, access: {}, refresh: {} }, recordings: [], deliveries: [],
  }));
  const server = {
    state, save, options, endpoint: '', accessSeconds: options.accessTokenSeconds ?? 3600,
    account: (email: string) => (state.accounts[email] ??= { id: token(9), account_id: token(9), email }),
    meetingJson: (r: ZoomRecording) => meetingJson(server.endpoint, r),
    clientAuthenticated(req: http.IncomingMessage) {
      const basic = /^Basic\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
      const [id, secret] = Buffer.from(basic ?? '', 'base64').toString('utf8').split(':');
      return id === state.credentials.client_id && secret === state.credentials.client_secret;
    },
    /** Zoom's uninstall: every token of the account stops working. */
    forgetTokens(email: string) {
      for (const [k, v] of Object.entries(state.oauth.refresh)) if (v.email === email) delete state.oauth.refresh[k];
      for (const [k, v] of Object.entries(state.oauth.access)) if (v.email === email) delete state.oauth.access[k];
    },
    /** Delivers an event to the product's webhook, signed with x-zm-signature as Zoom signs it; the answer's status. */
    async deliver(event: Record<string, unknown>, uuid?: string) {
      const body = JSON.stringify(event);
      const ts = String(Math.floor(Date.now() / 1000));
      const status = await postWebhook(`${options.appUrl}/api/webhooks/zoom/`, body, {
        'x-zm-request-timestamp': ts, 'x-zm-signature': zoomSign(state.credentials.webhook_secret, ts, body),
      });
      state.deliveries.push({ event: String(event.event), uuid, status, at: new Date().toISOString() });
      save();
      return status;
    },
  };
  return server;
}

function fileJson(endpoint: string, r: ZoomRecording, f: ZoomRecordingFile) {
  return {
    id: f.id, meeting_id: r.uuid, recording_start: f.recording_start, recording_end: f.recording_end, file_type: f.file_type,
    file_extension: f.file_type, file_size: f.file_size, play_url: `${endpoint}/rec/play/${f.id}`, download_url: `${endpoint}/rec/download/${f.id}`,
    status: f.status, recording_type: f.recording_type,
  };
}

/** A recording as Zoom's API lists it (recording_files, and participant_audio_files when each person's track was made). */
function meetingJson(endpoint: string, r: ZoomRecording) {
  const { files, participant_files: tracks, ...rest } = r;
  const participantJson = (f: ZoomRecordingFile & { file_name: string }) => {
    const { recording_type: _t, ...json } = fileJson(endpoint, r, f);
    return { ...json, file_name: f.file_name };
  };
  return {
    ...rest, recording_files: files.map((f) => fileJson(endpoint, r, f)),
    ...(tracks ? { participant_audio_files: tracks.map(participantJson) } : {}),
  };
}
