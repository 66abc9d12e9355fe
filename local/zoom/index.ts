/**
 * Local Zoom test server (docs/integrations.md; wire format of ../shared/design/third-party-apis.md §1.7): the API
 * routes of api-routes.ts on this server's port, the /dev/zoom/ routes of dev-routes.ts on the app gateway, both on
 * the route table of local/provider-kit, and webhooks signed with x-zm-signature exactly as Zoom signs them.
 */
import http from 'node:http';
import { listenRemembered } from '../provider-kit/index.js';
import { devWire, type LocalMeetingProvider } from '../provider-kit/meeting-provider.js';
import { listener, routeTable } from '../provider-kit/routes.js';
import { zoomApiRoutes, zoomWire } from './api-routes.js';
import { ZOOM_DEV_HELP, zoomDevRoutes } from './dev-routes.js';
import { zoomServer, type LocalZoomOptions, type ZoomState } from './server.js';

export { zoomSign, type LocalZoomOptions, type ZoomRecording, type ZoomRecordingFile } from './server.js';

export type LocalZoom = LocalMeetingProvider<ZoomState['credentials']>;

export async function startLocalZoom(options: LocalZoomOptions): Promise<LocalZoom> {
  const zoom = zoomServer(options);
  const api = routeTable(zoomApiRoutes(zoom), zoomWire((message, extra) => options.log?.(`local zoom: ${message}`, extra)));
  const dev = routeTable(zoomDevRoutes(zoom), devWire(ZOOM_DEV_HELP, options.log));
  const listening = await listenRemembered(http.createServer(listener(api)), options, zoom.state, zoom.save);
  zoom.endpoint = listening.endpoint;
  return {
    endpoint: zoom.endpoint, credentials: zoom.state.credentials,
    environment: { ZOOM_OAUTH_BASE: zoom.endpoint, ZOOM_API_BASE: `${zoom.endpoint}/v2` },
    handleDev: (req, res) => dev.handle(req, res), stop: () => listening.stop(),
  };
}
