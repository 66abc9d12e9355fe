import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { listenLocal } from '../http/listen.js';
import { bodyText, loginHintPage, persisted } from '../provider-kit/index.js';
import { guardDevWrites } from '../gateway/dev-guard.js';

export const BASICOPS_LOCAL_CLIENT = { clientId: 'meetscribe-local', clientSecret: 'local-basicops-secret' } as const;

export interface LocalBasicOpsOptions {
  dataDir: string; host?: string; port?: number;
  /** The redirect URI registered for the app; /oauth/auth refuses any other. */
  redirectUri: string;
  clientId?: string; clientSecret?: string;
  /** Lifetime of access tokens in seconds. @default 3600 */
  accessTokenSeconds?: number;
}
export interface LocalBasicOps {
  readonly endpoint: string;
  /** Serves one request as the server does (the gateway's /dev/ read-outs use it). */
  readonly handle: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  stop(): Promise<void>;
}

interface Account { id: number; email: string; projects: Array<{ id: number; title: string }> }
interface Note { id: number; accountEmail: string; title: string; content: string; project: number; createdAt: string; viewUrl: string; bounceUrl: string }
interface Grant { accountId: number; challenge?: string; redirectUri: string }
interface StateFile {
  nextId: number;
  accounts: Account[];
  codes: Record<string, Grant>;
  accessTokens: Record<string, { accountId: number; expiresAt: number }>;
  refreshTokens: Record<string, number>;
  notes: Note[];
}

class BasicOpsError extends Error {
  constructor(readonly status: number, message: string, readonly oauthError?: string) { super(message); }
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string>; html?: string };

/**
 * A stateful stand-in for BasicOps: OAuth 2.0 with PKCE (`/oauth/auth`, `/oauth/token` with rotating
 * refresh tokens), `GET /v1/project`, `POST /v1/note` and `POST /v1/task` in the shapes recorded in
 * test/fixtures/third-party/basicops-assumptions.json, 401 for an expired token. Read-outs:
 * `GET /dev/basicops/notes.json`; `POST /dev/basicops/expire-tokens` expires every access token now.
 */
export async function startLocalBasicOps(options: LocalBasicOpsOptions): Promise<LocalBasicOps> {
  // `${dataDir}/basicops.json`, kept across restarts, written atomically like the other local providers' state.
  const { state, save } = persisted<StateFile>(options.dataDir, 'basicops',
    () => ({ nextId: 1000, accounts: [], codes: {}, accessTokens: {}, refreshTokens: {}, notes: [] }));
  const client = { clientId: options.clientId ?? BASICOPS_LOCAL_CLIENT.clientId, clientSecret: options.clientSecret ?? BASICOPS_LOCAL_CLIENT.clientSecret };
  const lifetime = options.accessTokenSeconds ?? 3600;
  let origin = '';

  function account(email: string): Account {
    const normalised = email.toLowerCase();
    let found = state.accounts.find((a) => a.email === normalised);
    if (!found) {
      found = { id: state.nextId++, email: normalised, projects: [{ id: state.nextId++, title: 'General' }, { id: state.nextId++, title: 'Meetings' }] };
      state.accounts.push(found);
    }
    return found;
  }

  function issueTokens(accountId: number) {
    const access = randomBytes(24).toString('hex');
    const refresh = randomBytes(24).toString('hex');
    state.accessTokens[access] = { accountId, expiresAt: Date.now() + lifetime * 1000 };
    state.refreshTokens[refresh] = accountId;
    return { access_token: access, refresh_token: refresh, expires_in: lifetime, token_type: 'Bearer' };
  }

  async function route(req: http.IncomingMessage, url: URL): Promise<Reply> {
    const method = req.method ?? 'GET';
    const p = url.pathname.replace(/\/+$/, '');
    if (method === 'GET' && p === '/oauth/auth') return authorize(url.searchParams);
    if (method === 'POST' && p === '/oauth/token') return token(new URLSearchParams(await readBody(req)));
    if (method === 'GET' && p === '/dev/basicops/notes.json') return { status: 200, body: { notes: state.notes } };
    if (method === 'POST' && p === '/dev/basicops/expire-tokens') {
      for (const t of Object.values(state.accessTokens)) t.expiresAt = 0;
      await save();
      return { status: 200, body: { expired: Object.keys(state.accessTokens).length } };
    }
    if (!p.startsWith('/v1/')) throw new BasicOpsError(404, 'Not found');

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const grant = state.accessTokens[bearer];
    if (!grant || grant.expiresAt <= Date.now()) throw new BasicOpsError(401, grant ? 'Access token expired' : 'Invalid access token');
    const owner = state.accounts.find((a) => a.id === grant.accountId)!;
    if (method === 'GET' && p === '/v1/project') {
      const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 100) || 100, 1), 100);
      return { status: 200, body: { success: true, data: owner.projects.slice(0, limit).map((pr) => ({ ...pr, isTemplate: false, owner: owner.id })) } };
    }
    if (method === 'POST' && (p === '/v1/note' || p === '/v1/task')) {
      const body = await readJson(req);
      const title = body.title;
      if (typeof title !== 'string' || title.trim() === '') throw new BasicOpsError(400, 'title is required');
      const text = p === '/v1/note' ? body.content : body.description;
      if (text !== undefined && typeof text !== 'string') throw new BasicOpsError(400, `${p === '/v1/note' ? 'content' : 'description'} must be a string`);
      const project = Number(body.project);
      if (!owner.projects.some((pr) => pr.id === project)) throw new BasicOpsError(404, 'Project not found');
      const id = state.nextId++;
      const kind = p === '/v1/note' ? 'note' : 'task';
      const record = { id, viewUrl: `${origin}/view/${kind}/${id}`, bounceUrl: `${origin}/bounce/${kind}/${id}` };
      if (kind === 'note') state.notes.push({ ...record, accountEmail: owner.email, title, content: String(text ?? ''), project,
        createdAt: new Date().toISOString() });
      await save();
      return { status: 200, body: { success: true, data: record } };
    }
    throw new BasicOpsError(404, `Not found: ${method} ${p}`);
  }

  function authorize(q: URLSearchParams): Reply {
    if (q.get('client_id') !== client.clientId) throw new BasicOpsError(400, 'Unknown client_id', 'invalid_client');
    if (q.get('response_type') !== 'code') throw new BasicOpsError(400, 'response_type must be code', 'unsupported_response_type');
    if (q.get('redirect_uri') !== options.redirectUri) throw new BasicOpsError(400, 'redirect_uri does not match the registered one', 'invalid_request');
    const challenge = q.get('code_challenge') ?? undefined;
    if (challenge && q.get('code_challenge_method') !== 'S256') throw new BasicOpsError(400, 'code_challenge_method must be S256', 'invalid_request');
    const email = q.get('login_hint')?.trim();
    if (!email) return { status: 200, html: loginHintPage('BasicOps', '/oauth/auth', q, 'MeetScribe asks to store meeting notes in your BasicOps projects.') };
    const code = randomBytes(16).toString('hex');
    state.codes[code] = { accountId: account(email).id, challenge, redirectUri: options.redirectUri };
    const back = new URL(options.redirectUri);
    back.searchParams.set('code', code);
    if (q.get('state') !== null) back.searchParams.set('state', q.get('state')!);
    save();
    return { status: 302, headers: { location: back.toString() } };
  }

  async function token(form: URLSearchParams): Promise<Reply> {
    if (form.get('client_id') !== client.clientId) throw new BasicOpsError(401, 'Unknown client', 'invalid_client');
    const secretOk = form.get('client_secret') === client.clientSecret;
    if (form.get('grant_type') === 'authorization_code') {
      const code = form.get('code') ?? '';
      const grant = state.codes[code];
      delete state.codes[code];
      if (!grant || form.get('redirect_uri') !== grant.redirectUri) throw new BasicOpsError(400, 'Invalid authorization code', 'invalid_grant');
      if (grant.challenge) {
        const verifier = form.get('code_verifier') ?? '';
        if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) throw new BasicOpsError(400, 'code_verifier does not match',
          'invalid_grant');
      } else if (!secretOk) {
        throw new BasicOpsError(401, 'client_secret or PKCE is required', 'invalid_client');
      }
      const tokens = issueTokens(grant.accountId);
      await save();
      return { status: 200, body: tokens };
    }
    if (form.get('grant_type') === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const accountId = state.refreshTokens[refresh];
      delete state.refreshTokens[refresh]; // rotated: each refresh token works once
      if (accountId === undefined) throw new BasicOpsError(400, 'Invalid refresh token', 'invalid_grant');
      const tokens = issueTokens(accountId);
      await save();
      return { status: 200, body: tokens };
    }
    throw new BasicOpsError(400, 'Unsupported grant_type', 'unsupported_grant_type');
  }

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    route(req, new URL(req.url ?? '/', 'http://local')).then(
      (reply) => send(res, reply),
      (error: unknown) => {
        if (!(error instanceof BasicOpsError)) console.error('[local-basicops]', error);
        const e = error instanceof BasicOpsError ? error : new BasicOpsError(500, 'Internal error');
        send(res, { status: e.status, body: e.oauthError ? { error: e.oauthError, error_description: e.message } : { success: false, error: e.message } });
      },
    );
  };
  const listening = await listenLocal(http.createServer(guardDevWrites(handle, options.host)), options);
  origin = listening.endpoint;
  return { ...listening, handle };
}



const readBody = (req: http.IncomingMessage) => bodyText(req, 1_000_000, () => new BasicOpsError(413, 'Request body too large'));

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const value: unknown = JSON.parse((await readBody(req)) || '{}');
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch (error) {
    if (error instanceof BasicOpsError) throw error;
  }
  throw new BasicOpsError(400, 'Request body must be a JSON object');
}

function send(res: http.ServerResponse, reply: Reply): void {
  if (reply.html !== undefined) {
    res.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(reply.html);
    return;
  }
  res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
}
