/**
 * Local Webex test server (docs/integrations.md; wire format of ../shared/design/third-party-apis.md §2.5): the API
 * routes of api-routes.ts on this server's port, the /dev/webex/ routes of dev-routes.ts on the app gateway, both on
 * the route table of local/provider-kit, and webhooks signed with X-Spark-Signature.
 */
import { serveMeetingProvider, type LocalMeetingProvider } from '../provider-kit/meeting-provider.js';
import { webexApiRoutes } from './api-routes.js';
import { WEBEX_DEV_HELP, webexDevRoutes } from './dev-routes.js';
import { webexServer, webexWire, type LocalWebexOptions, type WebexState } from './server.js';

export { DIRECT_LINK_SECONDS, webexSign, type LocalWebexOptions } from './server.js';

export type LocalWebex = LocalMeetingProvider<WebexState['credentials']>;

export function startLocalWebex(options: LocalWebexOptions): Promise<LocalWebex> {
  const webex = webexServer(options);
  return serveMeetingProvider(options, {
    server: webex, api: webexApiRoutes(webex), wire: webexWire((message, extra) => options.log?.(`local webex: ${message}`, extra)),
    dev: webexDevRoutes(webex), devHelp: WEBEX_DEV_HELP, environment: (endpoint) => ({ WEBEX_API_BASE: `${endpoint}/v1` }),
  });
}
