/** GET /api/meetings/{id}/ice_servers/ — STUN/TURN servers for the live room (public: guests have no account). */
import { apiRequest } from '../api-client.js';

interface IceServersAnswer { ice_servers: RTCIceServer[]; ttl: number }

/** The RTCPeerConnection ice servers; an empty list on loopback or a LAN. Throws ApiError. */
export async function getIceServers(meetingId: string): Promise<RTCIceServer[]> {
  const answer = await apiRequest<IceServersAnswer>(`/api/meetings/${encodeURIComponent(meetingId)}/ice_servers/`, { auth: false });
  return answer.ice_servers;
}
