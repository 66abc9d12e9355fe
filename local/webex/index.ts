/**
 * Local Webex test server (docs/integrations.md; wire format of ../shared/design/third-party-apis.md §2.5): the API
 * routes of api-routes.ts on this server's port, the /dev/webex/ routes of dev-routes.ts on the app gateway, both on
 * the route table of local/provider-kit, and webhooks signed with X-Spark-Signature.
 */
import http from 'node:http';
import { listenRemembered } from '../provider-kit/index.js';
import { devWire, type LocalMeetingProvider } from '../provider-kit/meeting-provider.js';
import { listener, routeTable } from '../provider-kit/routes.js';
import { webexApiRoutes } from './api-routes.js';
import { WEBEX_DEV_HELP, webexDevRoutes } from './dev-routes.js';
import { webexServer, webexWire, type LocalWebexOptions, type WebexState } from './server.js';

export { DIRECT_LINK_SECONDS, webexSign, type LocalWebexOptions } from './server.js';

export type LocalWebex = LocalMeetingProvider<WebexState['credentials']>;

export async function startLocalWebex(options: LocalWebexOptions): Promise<LocalWebex> {
  const webex = webexServer(options);
  const api = routeTable(webexApiRoutes(webex), webexWire((message, extra) => options.log?.(`local webex: ${message}`, extra)));
  const dev = routeTable(webexDevRoutes(webex), devWire(WEBEX_DEV_HELP, options.log));
  const listening = await listenRemembered(http.createServer(listener(api)), options, webex.state, webex.save);
  webex.endpoint = listening.endpoint;
  return {
    endpoint: webex.endpoint, credentials: webex.state.credentials, environment: { WEBEX_API_BASE: `${webex.endpoint}/v1` },
    handleDev: (req, res) => dev.handle(req, res), stop: () => listening.stop(),
  };
}
