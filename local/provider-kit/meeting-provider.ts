/**
 * What the local Zoom and Webex servers (the meeting providers recordings are imported from) have in common: the
 * handle a started server gives the local edition, the options it takes, the `{message}` answers of their /dev/
 * endpoints, and the checks of a POST /dev/<service>/recordings body.
 */
import http from 'node:http';
import { listener, routeTable, type Call, type Reply, type Route, type WireFormat } from './routes.js';
import { allowedRecordingFile, approvalRedirect, authorizePage, describeFile, listenRemembered, type OAuthState } from './index.js';

export interface LocalMeetingProvider<Credentials> {
  readonly endpoint: string;
  /** Client id/secret and webhook secret the product reads from Secrets Manager. */
  readonly credentials: Credentials;
  /** Environment the product reads (base URLs). */
  readonly environment: Record<string, string>;
  /** Serves /dev/<service>/* on the app gateway. */
  handleDev(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalMeetingProviderOptions {
  dataDir: string; host?: string; port?: number; accessTokenSeconds?: number; log?: (m: string, e?: Record<string, unknown>) => void;
  /** The only folders POST /dev/<service>/recordings may read a file from (allowedRecordingFile). */
  recordingDirs: readonly string[];
}

/** The /dev/ endpoints' wire format: `{message}`; an unknown path answers the list of endpoints. */
export function devWire(help: string, log?: WireFormat['log']): WireFormat {
  const error = (status: number, message: string): Reply => ({ status, body: { message } });
  return { error, notFound: () => error(404, help), badJson: help, trimSlash: true, log };
}

/** The lower-cased e-mail, the file path and the topic (or `fallback`) of a POST /dev/<service>/recordings body. */
export function recordingFields(body: Record<string, unknown>, fallback: string): { email: string; file: string; topic: string } {
  return {
    email: typeof body.email === 'string' ? body.email.trim().toLowerCase() : '',
    file: typeof body.file === 'string' ? body.file : '',
    topic: typeof body.topic === 'string' && body.topic.trim() ? body.topic.trim() : fallback,
  };
}

/** Why a file may not be read (a 400 message): it lies outside the recording folders. */
export const outsideRecordingDirs = (dirs: readonly string[]) => `file must be a recording inside ${dirs.join(' or ')}.`;

/**
 * The real path, size and duration of the recording file a /dev/ call names, or the 400 message: outside the
 * recording folders, or not readable.
 */
export async function recordingFacts(file: string, dirs: readonly string[]): Promise<RecordingFacts | string> {
  const allowed = allowedRecordingFile(file, dirs);
  return allowed ? describeRecording(allowed, file) : outsideRecordingDirs(dirs);
}

export interface RecordingFacts { path: string; size: number; durationSeconds: number }

/** Size and duration of a file already checked, or the 400 message naming the file as the call gave it (`named`). */
export async function describeRecording(file: string, named: string): Promise<RecordingFacts | string> {
  try {
    return { path: file, ...(await describeFile(file)) };
  } catch {
    return `No readable file at ${named}.`;
  }
}

/** POSTs a signed webhook body; the answer's status, or the network error's message. */
export async function postWebhook(url: string, body: string, headers: Record<string, string>): Promise<number | string> {
  try {
    const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
    return response.status;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * The authorize route of Zoom and Webex: the login page, then the redirect with a code for the approved e-mail;
 * `approved` records the account (and saves) once the redirect is valid.
 */
export function authorizeRoute(service: string, state: { oauth: OAuthState; credentials: { client_id: string } }, approved: (email: string) => void) {
  return (call: Call) => authorizePage(call.req, call.res, call.url, service, (email) => {
    const location = approvalRedirect(state.oauth, call.url.searchParams, state.credentials.client_id, email);
    if (location) approved(email);
    return location;
  });
}

/**
 * Serves a meeting provider: its API routes on its own port (the port of the last start when free, so URLs handed out
 * before a restart keep working), its /dev/ routes for the gateway; sets `server.endpoint` once listening.
 */
export async function serveMeetingProvider<Credentials>(options: LocalMeetingProviderOptions, input: {
  server: { state: { port?: number; credentials: Credentials }; save(): void; endpoint: string };
  api: readonly Route[]; wire: WireFormat; dev: readonly Route[]; devHelp: string;
  environment: (endpoint: string) => Record<string, string>;
}): Promise<LocalMeetingProvider<Credentials>> {
  const { server } = input;
  const api = routeTable(input.api, input.wire);
  const dev = routeTable(input.dev, devWire(input.devHelp, options.log));
  const listening = await listenRemembered(http.createServer(listener(api)), options, server.state, server.save);
  server.endpoint = listening.endpoint;
  return {
    endpoint: server.endpoint, credentials: server.state.credentials, environment: input.environment(server.endpoint),
    handleDev: (req, res) => dev.handle(req, res), stop: () => listening.stop(),
  };
}
