/**
 * The state of the local Webex server and what its API routes and /dev/ routes share: people, webhooks, recordings
 * with their direct-download tickets, and Webex's error body (third-party-apis.md §2).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { persisted, token, type OAuthState } from '../provider-kit/index.js';
import type { LocalMeetingProviderOptions } from '../provider-kit/meeting-provider.js';
import type { Reply, WireFormat } from '../provider-kit/routes.js';

/** Direct download links expire this long after the recording is fetched (Webex: 3 hours). */
export const DIRECT_LINK_SECONDS = 3 * 60 * 60;

export interface WebexRecording {
  id: string; meetingId: string; topic: string; createTime: string; timeRecorded: string; durationSeconds: number; sizeBytes: number;
  format: 'MP4'; hostEmail: string; path: string; participants: string[]; preventDownload: boolean;
  /** The meeting's transcript (WebVTT with `<v Name>` voices), when the test made one. */
  transcriptVtt?: string;
}
export interface WebexHook { id: string; name: string; targetUrl: string; resource: string; event: string; secret?: string; filter?: string;
  ownerEmail: string; created: string; status: 'active' }

export interface WebexState {
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

export type LocalWebexOptions = LocalMeetingProviderOptions;

export const webexSign = (secret: string, body: string) => createHmac('sha1', secret).update(body).digest('hex');

/** Webex's error body: `{message, errors: [{description}], trackingId}`. */
export const webexError = (status: number, message: string): Reply => ({
  status, body: { message, errors: [{ description: message }], trackingId: `LOCAL_${randomUUID()}` },
});

export function webexWire(log?: WireFormat['log']): WireFormat {
  return { error: webexError, trimSlash: true, log };
}

export const hookJson = ({ secret: _s, ...hook }: WebexHook) => hook;

export type WebexServer = ReturnType<typeof webexServer>;

/** The server's state (kept in `${dataDir}/webex.json`) and the helpers its routes share; `endpoint` is set once it listens. */
export function webexServer(options: LocalWebexOptions) {
  const { state, save } = persisted<WebexState>(options.dataDir, 'webex', () => ({
    credentials: { client_id: `C${token(16)}`, client_secret: token(), webhook_secret: token() },
    people: {}, oauth: { codes: {}, access: {}, refresh: {} }, webhooks: [], recordings: [], tickets: {}, deliveries: [],
  }));
  const server = {
    state, save, options, endpoint: '', accessSeconds: options.accessTokenSeconds ?? 1_209_600,
    person: (email: string) => (state.people[email] ??= { id: `Y2lzY29zcGFyazovL3VzL1BFT1BMRS8${token(12)}`, email, preferences: {} }),
    /** A recording as Webex answers it; `withLinks` adds temporaryDirectDownloadLinks (a fresh ticket) unless downloads are prevented. */
    recordingJson(r: WebexRecording, withLinks: boolean) {
      const endpoint = server.endpoint;
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
    },
  };
  return server;
}
