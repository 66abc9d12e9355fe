/**
 * Starts the local Zoom, Webex, Todoist, BasicOps and OpenAI-compatible (language model) test servers for the local
 * edition and says what the product needs to use them: the secrets to seed (client ids/secrets and webhook secrets, read by the handlers from Secrets Manager),
 * the base-URL variables, and the /dev/zoom/ and /dev/webex/ routes for the gateway.
 */
import type http from 'node:http';
import path from 'node:path';
import { INTEGRATION_SECRETS } from '../../lib/definitions/resources.js';
import { BASICOPS_LOCAL_CLIENT, startLocalBasicOps } from '../basicops/index.js';
import { LOCAL_OPENAI_MODEL, startLocalOpenAi } from '../openai/index.js';
import { startLocalTodoist, TODOIST_LOCAL_CLIENT } from '../todoist/index.js';
import { startLocalWebex } from '../webex/index.js';
import { startLocalZoom } from '../zoom/index.js';

export interface LocalMeetingServices {
  readonly secrets: readonly { name: string; value: string }[];
  readonly environment: Record<string, string>;
  readonly devRoutes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<void>>;
  stop(): Promise<void>;
}

export async function startLocalMeetingServices(options: {
  dataDir: string; appUrl: string; log?: (m: string, e?: Record<string, unknown>) => void;
  /** Folders POST /dev/zoom/recordings and /dev/webex/recordings may read files from. */
  recordingDirs: readonly string[];
  /**
   * 'local-openai': the product's language model is the local OpenAI-compatible test server (scripted replies, for
   * tests); 'none' (default): no language model unless LLM_PROVIDER is set in the environment (docs/search.md).
   */
  languageModel?: 'none' | 'local-openai';
}): Promise<LocalMeetingServices> {
  const dir = path.join(options.dataDir, 'providers');
  const appUrl = options.appUrl.replace(/\/+$/, '');
  const redirectUri = `${appUrl}/home`;
  const started: { stop(): Promise<void> }[] = [];
  /** Starts one server; when one fails, those already started stop (newest first) before the error goes on. */
  const start = async <T extends { stop(): Promise<void> }>(starting: () => Promise<T>): Promise<T> => {
    try {
      const service = await starting();
      started.unshift(service);
      return service;
    } catch (error) {
      for (const service of started) await service.stop();
      throw error;
    }
  };
  const zoom = await start(() => startLocalZoom({ dataDir: dir, appUrl: options.appUrl, log: options.log, recordingDirs: options.recordingDirs }));
  const webex = await start(() => startLocalWebex({ dataDir: dir, log: options.log, recordingDirs: options.recordingDirs }));
  const todoist = await start(() => startLocalTodoist({ dataDir: dir, redirectUri, webhookUrl: () => `${appUrl}/api/webhooks/todoist/`, log: options.log }));
  const basicops = await start(() => startLocalBasicOps({ dataDir: dir, redirectUri }));
  const openai = await start(() => startLocalOpenAi());
  const serve = (handle: (req: http.IncomingMessage, res: http.ServerResponse) => void) =>
    async (req: http.IncomingMessage, res: http.ServerResponse) => handle(req, res);
  const secret = (clientId: string, clientSecret: string) => JSON.stringify({ client_id: clientId, client_secret: clientSecret });
  return {
    secrets: [
      { name: INTEGRATION_SECRETS.zoom.localName, value: JSON.stringify(zoom.credentials) },
      { name: INTEGRATION_SECRETS.webex.localName, value: JSON.stringify(webex.credentials) },
      { name: INTEGRATION_SECRETS.todoist.localName, value: secret(TODOIST_LOCAL_CLIENT.clientId, TODOIST_LOCAL_CLIENT.clientSecret) },
      { name: INTEGRATION_SECRETS.basicops.localName, value: secret(BASICOPS_LOCAL_CLIENT.clientId, BASICOPS_LOCAL_CLIENT.clientSecret) },
    ],
    environment: {
      ...zoom.environment, ...webex.environment,
      TODOIST_OAUTH_BASE: todoist.endpoint, TODOIST_API_BASE: todoist.endpoint,
      BASICOPS_APP_BASE: basicops.endpoint, BASICOPS_API_BASE: basicops.endpoint,
      ...(options.languageModel === 'local-openai' ? { LLM_PROVIDER: 'openai', LLM_BASE_URL: `${openai.endpoint}/v1`, LLM_MODEL: LOCAL_OPENAI_MODEL } : {}),
    },
    devRoutes: {
      '/dev/zoom': zoom.handleDev, '/dev/webex': webex.handleDev, '/dev/todoist': serve(todoist.handle), '/dev/basicops': serve(basicops.handle),
      '/dev/openai': serve(openai.handle),
    },
    stop: async () => { for (const service of started) await service.stop(); },
  };
}
