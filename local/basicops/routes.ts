/**
 * The routes of the local BasicOps server (third-party-apis.md §4): OAuth 2.0 with PKCE (`/oauth/auth`, `/oauth/token`
 * with rotating refresh tokens), `GET /v1/project`, `POST /v1/note` and `POST /v1/task`, and the /dev/basicops/
 * read-out and control, each a small handler on the route table of local/provider-kit.
 */
import { createHash, randomBytes } from 'node:crypto';
import { loginHintPage } from '../provider-kit/index.js';
import { route, type Call, type Reply, type Route, type WireFormat } from '../provider-kit/routes.js';

export interface Account { id: number; email: string; projects: Array<{ id: number; title: string }> }
interface Note { id: number; accountEmail: string; title: string; content: string; project: number; createdAt: string; viewUrl: string; bounceUrl: string }
interface Grant { accountId: number; challenge?: string; redirectUri: string }
export interface StateFile {
  nextId: number;
  accounts: Account[];
  codes: Record<string, Grant>;
  accessTokens: Record<string, { accountId: number; expiresAt: number }>;
  refreshTokens: Record<string, number>;
  notes: Note[];
}

export class BasicOpsError extends Error {
  constructor(readonly status: number, message: string, readonly oauthError?: string) { super(message); }
}

const errorReply = (e: BasicOpsError): Reply => ({
  status: e.status, body: e.oauthError ? { error: e.oauthError, error_description: e.message } : { success: false, error: e.message },
});

/** BasicOps' error bodies: `{success: false, error}`, and `{error, error_description}` on the OAuth endpoints. */
export const basicOpsWire: WireFormat = {
  error: (status, message) => errorReply(new BasicOpsError(status, message)),
  notFound: (method, path) => errorReply(new BasicOpsError(404, path.startsWith('/v1/') ? `Not found: ${method} ${path}` : 'Not found')),
  caught: (error) => (error instanceof BasicOpsError ? errorReply(error) : undefined),
  trimSlash: true,
  log: (message, extra) => console.error('[local-basicops]', message, extra ?? ''),
};

export interface BasicOpsServer {
  state: StateFile;
  save(): void;
  client: { clientId: string; clientSecret: string };
  redirectUri: string;
  /** Lifetime of access tokens in seconds. */
  lifetime: number;
  /** The server's own URL (set once it listens), for viewUrl and bounceUrl. */
  origin: string;
}

export function basicOpsRoutes(server: BasicOpsServer): Route[] {
  const { state, save } = server;
  return [
    route('GET', '/oauth/auth', ({ url }) => authorize(server, url.searchParams)),
    route('POST', '/oauth/token', async (call) => token(server, await call.form())),
    route('GET', '/v1/project', signedIn(server, ({ url }, owner) => {
      const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 100) || 100, 1), 100);
      return { status: 200, body: { success: true, data: owner.projects.slice(0, limit).map((pr) => ({ ...pr, isTemplate: false, owner: owner.id })) } };
    })),
    route('POST', '/v1/note', signedIn(server, (call, owner) => create(server, call, owner, 'note'))),
    route('POST', '/v1/task', signedIn(server, (call, owner) => create(server, call, owner, 'task'))),
    route('GET', '/dev/basicops/notes.json', () => ({ status: 200, body: { notes: state.notes } })),
    route('POST', '/dev/basicops/expire-tokens', () => {
      for (const t of Object.values(state.accessTokens)) t.expiresAt = 0;
      save();
      return { status: 200, body: { expired: Object.keys(state.accessTokens).length } };
    }),
  ];
}

/** A /v1/ call: the account its Bearer token names, or 401 (expired or unknown token). */
function signedIn(server: BasicOpsServer, handler: (call: Call, owner: Account) => Promise<Reply> | Reply) {
  return (call: Call) => {
    const bearer = /^Bearer (.+)$/.exec(call.req.headers.authorization ?? '')?.[1] ?? '';
    const grant = server.state.accessTokens[bearer];
    if (!grant || grant.expiresAt <= Date.now()) throw new BasicOpsError(401, grant ? 'Access token expired' : 'Invalid access token');
    return handler(call, server.state.accounts.find((a) => a.id === grant.accountId)!);
  };
}

async function create(server: BasicOpsServer, call: Call, owner: Account, kind: 'note' | 'task'): Promise<Reply> {
  const body = await call.json();
  const title = body.title;
  if (typeof title !== 'string' || title.trim() === '') throw new BasicOpsError(400, 'title is required');
  const text = kind === 'note' ? body.content : body.description;
  if (text !== undefined && typeof text !== 'string') throw new BasicOpsError(400, `${kind === 'note' ? 'content' : 'description'} must be a string`);
  const project = Number(body.project);
  if (!owner.projects.some((pr) => pr.id === project)) throw new BasicOpsError(404, 'Project not found');
  const id = server.state.nextId++;
  const record = { id, viewUrl: `${server.origin}/view/${kind}/${id}`, bounceUrl: `${server.origin}/bounce/${kind}/${id}` };
  if (kind === 'note') server.state.notes.push({ ...record, accountEmail: owner.email, title, content: String(text ?? ''), project,
    createdAt: new Date().toISOString() });
  server.save();
  return { status: 200, body: { success: true, data: record } };
}

function account(state: StateFile, email: string): Account {
  const normalised = email.toLowerCase();
  let found = state.accounts.find((a) => a.email === normalised);
  if (!found) {
    found = { id: state.nextId++, email: normalised, projects: [{ id: state.nextId++, title: 'General' }, { id: state.nextId++, title: 'Meetings' }] };
    state.accounts.push(found);
  }
  return found;
}

function authorize(server: BasicOpsServer, q: URLSearchParams): Reply {
  const { client, redirectUri } = server;
  if (q.get('client_id') !== client.clientId) throw new BasicOpsError(400, 'Unknown client_id', 'invalid_client');
  if (q.get('response_type') !== 'code') throw new BasicOpsError(400, 'response_type must be code', 'unsupported_response_type');
  if (q.get('redirect_uri') !== redirectUri) throw new BasicOpsError(400, 'redirect_uri does not match the registered one', 'invalid_request');
  const challenge = q.get('code_challenge') ?? undefined;
  if (challenge && q.get('code_challenge_method') !== 'S256') throw new BasicOpsError(400, 'code_challenge_method must be S256', 'invalid_request');
  const email = q.get('login_hint')?.trim();
  if (!email) return { status: 200, html: loginHintPage('BasicOps', '/oauth/auth', q, 'MeetScribe asks to store meeting notes in your BasicOps projects.') };
  const code = randomBytes(16).toString('hex');
  server.state.codes[code] = { accountId: account(server.state, email).id, challenge, redirectUri };
  const back = new URL(redirectUri);
  back.searchParams.set('code', code);
  if (q.get('state') !== null) back.searchParams.set('state', q.get('state')!);
  server.save();
  return { status: 302, headers: { location: back.toString() } };
}

function issueTokens(server: BasicOpsServer, accountId: number): Reply {
  const access = randomBytes(24).toString('hex');
  const refresh = randomBytes(24).toString('hex');
  server.state.accessTokens[access] = { accountId, expiresAt: Date.now() + server.lifetime * 1000 };
  server.state.refreshTokens[refresh] = accountId;
  server.save();
  return { status: 200, body: { access_token: access, refresh_token: refresh, expires_in: server.lifetime, token_type: 'Bearer' } };
}

function token(server: BasicOpsServer, form: URLSearchParams): Reply {
  if (form.get('client_id') !== server.client.clientId) throw new BasicOpsError(401, 'Unknown client', 'invalid_client');
  if (form.get('grant_type') === 'authorization_code') return redeemCode(server, form);
  if (form.get('grant_type') === 'refresh_token') {
    const refresh = form.get('refresh_token') ?? '';
    const accountId = server.state.refreshTokens[refresh];
    delete server.state.refreshTokens[refresh]; // rotated: each refresh token works once
    if (accountId === undefined) throw new BasicOpsError(400, 'Invalid refresh token', 'invalid_grant');
    return issueTokens(server, accountId);
  }
  throw new BasicOpsError(400, 'Unsupported grant_type', 'unsupported_grant_type');
}

/** A single-use code for tokens: the PKCE verifier must match its challenge, or else the client secret is required. */
function redeemCode(server: BasicOpsServer, form: URLSearchParams): Reply {
  const code = form.get('code') ?? '';
  const grant = server.state.codes[code];
  delete server.state.codes[code];
  if (!grant || form.get('redirect_uri') !== grant.redirectUri) throw new BasicOpsError(400, 'Invalid authorization code', 'invalid_grant');
  if (grant.challenge) {
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
      throw new BasicOpsError(400, 'code_verifier does not match', 'invalid_grant');
    }
  } else if (form.get('client_secret') !== server.client.clientSecret) {
    throw new BasicOpsError(401, 'client_secret or PKCE is required', 'invalid_client');
  }
  return issueTokens(server, grant.accountId);
}
