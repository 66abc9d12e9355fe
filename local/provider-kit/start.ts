/**
 * Starts the local Zoom and Webex test servers for the local edition and says what the product needs to use
 * them: the secrets to seed (client ids/secrets and webhook secrets, read by the handlers from Secrets Manager),
 * the base-URL variables, and the /dev/zoom/ and /dev/webex/ routes for the gateway.
 */
import type http from 'node:http';
import path from 'node:path';
import { INTEGRATION_SECRETS } from '../../lib/definitions/resources.js';
import { startLocalWebex } from '../webex/index.js';
import { startLocalZoom } from '../zoom/index.js';

export interface LocalMeetingServices {
  readonly secrets: readonly { name: string; value: string }[];
  readonly environment: Record<string, string>;
  readonly devRoutes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<void>>;
  stop(): Promise<void>;
}

export async function startLocalMeetingServices(options: { dataDir: string; appUrl: string; log?: (m: string, e?: Record<string, unknown>) => void }): Promise<LocalMeetingServices> {
  const dir = path.join(options.dataDir, 'providers');
  const zoom = await startLocalZoom({ dataDir: dir, appUrl: options.appUrl, log: options.log });
  const webex = await startLocalWebex({ dataDir: dir, log: options.log }).catch(async (error) => { await zoom.stop(); throw error; });
  return {
    secrets: [
      { name: INTEGRATION_SECRETS.zoom.localName, value: JSON.stringify(zoom.credentials) },
      { name: INTEGRATION_SECRETS.webex.localName, value: JSON.stringify(webex.credentials) },
    ],
    environment: { ...zoom.environment, ...webex.environment },
    devRoutes: { '/dev/zoom': zoom.handleDev, '/dev/webex': webex.handleDev },
    stop: async () => { await webex.stop(); await zoom.stop(); },
  };
}
