import { iceServersFor, type IceSettings } from '../../core/room/ice-servers.js';
import { route, type Route } from '../http/router.js';

/**
 * GET meetings/{id}/ice_servers/ — the live room's RTCPeerConnection ice servers. Public, because a guest
 * joining by link has no account and needs them before it can make its offer; the TURN username names
 * the room, and the credentials expire (docs/live-room.md).
 */
export function roomRoutes(d: { iceSettings: () => Promise<IceSettings>; clock: () => number }): Route<any>[] {
  return [
    route({ method: 'GET', path: 'meetings/{id}/ice_servers/', auth: 'public',
      handle: async ({ params }) => iceServersFor(await d.iceSettings(), `room-${params.id.slice(0, 64)}`, Math.floor(d.clock() / 1000)) }),
  ];
}
