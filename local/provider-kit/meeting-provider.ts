/**
 * What the local Zoom and Webex servers (the meeting providers recordings are imported from) have in common: the
 * handle a started server gives the local edition, the options it takes, the `{message}` answers of their /dev/
 * endpoints, and the checks of a POST /dev/<service>/recordings body.
 */
import type http from 'node:http';
import type { Reply, WireFormat } from './routes.js';
import { allowedRecordingFile, describeFile } from './index.js';

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
