import http from 'node:http';
import { listenLocal } from '../http/listen.js';
import { persisted } from '../provider-kit/index.js';
import { listener, routeTable, type LocalProviderServer } from '../provider-kit/routes.js';
import { guardDevWrites } from '../gateway/dev-guard.js';
import { basicOpsRoutes, basicOpsWire, type BasicOpsServer, type StateFile } from './routes.js';

export const BASICOPS_LOCAL_CLIENT = { clientId: 'meetscribe-local', clientSecret: 'local-basicops-secret' } as const;

export interface LocalBasicOpsOptions {
  dataDir: string; host?: string; port?: number;
  /** The redirect URI registered for the app; /oauth/auth refuses any other. */
  redirectUri: string;
  clientId?: string; clientSecret?: string;
  /** Lifetime of access tokens in seconds. @default 3600 */
  accessTokenSeconds?: number;
}
export type LocalBasicOps = LocalProviderServer;

/**
 * A stateful stand-in for BasicOps: OAuth 2.0 with PKCE (`/oauth/auth`, `/oauth/token` with rotating
 * refresh tokens), `GET /v1/project`, `POST /v1/note` and `POST /v1/task` in the shapes recorded in
 * test/fixtures/third-party/basicops-assumptions.json, 401 for an expired token. Read-outs:
 * `GET /dev/basicops/notes.json`; `POST /dev/basicops/expire-tokens` expires every access token now.
 * The routes (routes.ts) are one route table of local/provider-kit.
 */
export async function startLocalBasicOps(options: LocalBasicOpsOptions): Promise<LocalBasicOps> {
  // `${dataDir}/basicops.json`, kept across restarts, written atomically like the other local providers' state.
  const { state, save } = persisted<StateFile>(options.dataDir, 'basicops',
    () => ({ nextId: 1000, accounts: [], codes: {}, accessTokens: {}, refreshTokens: {}, notes: [] }));
  const server: BasicOpsServer = {
    state, save, redirectUri: options.redirectUri, lifetime: options.accessTokenSeconds ?? 3600, origin: '',
    client: { clientId: options.clientId ?? BASICOPS_LOCAL_CLIENT.clientId, clientSecret: options.clientSecret ?? BASICOPS_LOCAL_CLIENT.clientSecret },
  };
  const handle = listener(routeTable(basicOpsRoutes(server), basicOpsWire));
  const listening = await listenLocal(http.createServer(guardDevWrites(handle, options.host)), options);
  server.origin = listening.endpoint;
  return { ...listening, handle };
}
