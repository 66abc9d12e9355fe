/**
 * Local Zoom test server (docs/integrations.md; wire format of ../shared/design/third-party-apis.md §1.7): the API
 * routes of api-routes.ts on this server's port, the /dev/zoom/ routes of dev-routes.ts on the app gateway, both on
 * the route table of local/provider-kit, and webhooks signed with x-zm-signature exactly as Zoom signs them.
 */
import { serveMeetingProvider, type LocalMeetingProvider } from '../provider-kit/meeting-provider.js';
import { zoomApiRoutes, zoomWire } from './api-routes.js';
import { ZOOM_DEV_HELP, zoomDevRoutes } from './dev-routes.js';
import { zoomServer, type LocalZoomOptions, type ZoomState } from './server.js';

export { zoomSign, type LocalZoomOptions, type ZoomRecording, type ZoomRecordingFile } from './server.js';

export type LocalZoom = LocalMeetingProvider<ZoomState['credentials']>;

export function startLocalZoom(options: LocalZoomOptions): Promise<LocalZoom> {
  const zoom = zoomServer(options);
  return serveMeetingProvider(options, {
    server: zoom, api: zoomApiRoutes(zoom), wire: zoomWire((message, extra) => options.log?.(`local zoom: ${message}`, extra)),
    dev: zoomDevRoutes(zoom), devHelp: ZOOM_DEV_HELP,
    environment: (endpoint) => ({ ZOOM_OAUTH_BASE: endpoint, ZOOM_API_BASE: `${endpoint}/v2` }),
  });
}
