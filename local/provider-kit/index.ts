/**
 * What the local provider test servers share besides their route table (routes.ts): a JSON state file under the data
 * folder (kept across restarts), OAuth codes and rotating token pairs, the login pages of the authorize step, and file probing.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { listenLocal } from '../http/listen.js';
import { probeMedia } from '../../functions/adapters/media/ffmpeg.js';
import { mediaFacts } from '../../functions/core/pipeline/media-probe.js';
import { escapeHtml, readBody, sendHtml, sendJson } from '../gateway/http-util.js';

export const token = (bytes = 24) => randomBytes(bytes).toString('base64url');

export interface OAuthState {
  codes: Record<string, { email: string; redirectUri: string; expiresAt: number }>;
  access: Record<string, { email: string; expiresAt: number }>;
  refresh: Record<string, { email: string }>;
}

/** A JSON document persisted atomically under `${dataDir}/${name}.json`. */
export function persisted<T extends object>(dataDir: string, name: string, initial: () => T): { state: T; save(): void } {
  const file = path.join(dataDir, `${name}.json`);
  let state: T;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    state = initial();
  }
  const save = () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
    renameSync(`${file}.tmp`, file);
  };
  save();
  return { state, save };
}

/** Issues a code for `email` (valid 5 minutes, like Zoom's). */
export function issueCode(oauth: OAuthState, email: string, redirectUri: string): string {
  const code = token();
  oauth.codes[code] = { email, redirectUri, expiresAt: Date.now() + 5 * 60_000 };
  return code;
}

/**
 * The redirect back to the product after the authorize step approved `email`: a code for the query's
 * redirect_uri with its state; undefined when redirect_uri is missing or client_id is not `clientId`.
 */
export function approvalRedirect(oauth: OAuthState, query: URLSearchParams, clientId: string, email: string): string | undefined {
  const redirect = query.get('redirect_uri');
  if (!redirect || query.get('client_id') !== clientId) return undefined;
  const target = new URL(redirect);
  target.searchParams.set('code', issueCode(oauth, email, redirect));
  if (query.get('state')) target.searchParams.set('state', query.get('state')!);
  return target.toString();
}

/** Redeems a code or refresh token into a fresh pair; the old refresh token stops working (rotation). Undefined → invalid_grant. */
export function grant(oauth: OAuthState, form: URLSearchParams, accessSeconds: number): { email: string; access: string; refresh: string } | undefined {
  let email: string | undefined;
  if (form.get('grant_type') === 'authorization_code') {
    const code = oauth.codes[form.get('code') ?? ''];
    delete oauth.codes[form.get('code') ?? ''];
    if (!code || code.expiresAt < Date.now() || code.redirectUri !== form.get('redirect_uri')) return undefined;
    email = code.email;
  } else if (form.get('grant_type') === 'refresh_token') {
    const old = oauth.refresh[form.get('refresh_token') ?? ''];
    if (!old) return undefined;
    delete oauth.refresh[form.get('refresh_token') ?? ''];
    email = old.email;
  } else {
    return undefined;
  }
  const access = token();
  const refresh = token();
  oauth.access[access] = { email, expiresAt: Date.now() + accessSeconds * 1000 };
  oauth.refresh[refresh] = { email };
  return { email, access, refresh };
}

/** The account of a bearer token, or undefined (expired or unknown). */
export function bearer(oauth: OAuthState, req: http.IncomingMessage): string | undefined {
  const value = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
  const entry = value ? oauth.access[value] : undefined;
  return entry && entry.expiresAt > Date.now() ? entry.email : undefined;
}

/** The authorize step: approves at once for `login_hint`, otherwise a page asks which test account signs in. */
export async function authorizePage(req: http.IncomingMessage, res: http.ServerResponse, url: URL, service: string, approve: (email: string) =>
  string | undefined) {
  let email = url.searchParams.get('login_hint') ?? '';
  if (req.method === 'POST') email = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8')).get('email') ?? '';
  email = email.trim().toLowerCase();
  if (!email) {
    const hidden = [...url.searchParams].map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
    return sendHtml(res, 200, `<!doctype html><title>${service} (local test server)</title><h1>Sign in to ${service}</h1>
<p>Local test server: any e-mail is a test account.</p><form method="post" action="${escapeHtml(url.pathname + url.search)}">${hidden}
<label>E-mail <input name="email" type="email" required></label> <button type="submit">Authorize</button></form>`);
  }
  const location = approve(email);
  if (!location) return sendJson(res, 400, { error: 'invalid_request', reason: 'redirect_uri and client_id are required' });
  res.writeHead(302, { location }).end();
}

/**
 * The real path of a recording file a /dev/ call names, when it lies (after following every symlink) inside one
 * of `allowedDirs` (the fixtures and the dev-recordings folder, docs/integrations.md) and is a regular file;
 * undefined otherwise, so a /dev/ call can never make the server read its data folder's secrets or any other file.
 */
export function allowedRecordingFile(file: string, allowedDirs: readonly string[]): string | undefined {
  let real: string;
  try {
    real = realpathSync(path.resolve(file));
    if (!statSync(real).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const inside = allowedDirs.some((dir) => {
    let root: string;
    try {
      root = realpathSync(dir);
    } catch {
      return false;
    }
    return real.startsWith(`${root}${path.sep}`);
  });
  return inside ? real : undefined;
}

/** Duration and size of a recording file on this machine (throws with a clear message when missing). */
export async function describeFile(file: string): Promise<{ size: number; durationSeconds: number }> {
  const size = statSync(file).size;
  let durationSeconds = 60;
  try {
    durationSeconds = mediaFacts(await probeMedia(file)).durationSeconds ?? 60;
  } catch {
    // Not probe-able: the import still happens; the pipeline reports what is wrong with the file.
  }
  return { size, durationSeconds };
}

/**
 * The authorize page of a server that approves by `login_hint` (Todoist, BasicOps): a GET form that sends the same
 * query back to `action` with the e-mail as `login_hint`.
 */
export function loginHintPage(service: string, action: string, query: URLSearchParams, purpose: string): string {
  const hidden = [...query.entries()].filter(([k]) => k !== 'login_hint')
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Local ${escapeHtml(
    service)}: authorize</title></head>
<body><h1>Local ${escapeHtml(service)}</h1><p>${escapeHtml(purpose)} Local test server: any e-mail is a test account. Sign in as:</p>
<form method="get" action="${escapeHtml(
  action)}">${hidden}<label>E-mail <input type="email" name="login_hint" required></label> <button type="submit">Authorize</button></form></body></html>`;
}

/**
 * Listens on the asked port, else on the port of the last start (kept in the state file, so URLs handed out before a
 * restart, such as download links of running imports, keep working), else on any free port; remembers the port.
 */
export async function listenRemembered(server: http.Server, options: { host?: string; port?: number }, state: { port?: number }, save: () => void) {
  const listening = await listenLocal(server, { host: options.host, port: options.port ?? state.port ?? 0 })
    .catch(() => listenLocal(server, { host: options.host, port: 0 }));
  state.port = Number(new URL(listening.endpoint).port);
  save();
  return listening;
}
