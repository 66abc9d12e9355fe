import { MAX_GUESTS, ROOM_MESSAGES, type ClientRoomMessage } from './messages.js';
import { attendeeInfo, guestFacingInfo, guestLeaves, sendTo, sendToGuest, sendToHost } from './membership.js';
import type { RoomConnection, RoomMember, RoomPorts } from './ports.js';

type ViewerMessage = Extract<ClientRoomMessage, { id: 'viewer' }>;

/**
 * viewer: a guest joins with a recvonly offer. The guest is added (at most MAX_GUESTS); the host gets
 * newAttendee with the offer at once, the guest is told who is there (currentAttendees); the other guests
 * get newAttendee without it; then the guest is recorded as a participant of the meeting. Refusals answer viewerResponse rejected.
 */
export async function joinAsViewer(ports: RoomPorts, connection: RoomConnection, message: ViewerMessage): Promise<void> {
  const reject = (text: string) => sendTo(ports, connection.connectionId, { id: 'viewerResponse', response: 'rejected', message: text });
  if (connection.roomId) return void (await reject(ROOM_MESSAGES.alreadyJoined));
  const room = await ports.store.room(message.roomId);
  if (!room) return void (await reject(ROOM_MESSAGES.noRoom));
  if (room.host.connectionId === connection.connectionId) return void (await reject(ROOM_MESSAGES.hostCannotView));

  const guest: RoomMember = {
    connectionId: connection.connectionId,
    participantSessionId: message.participantSessionId,
    participantType: 'PARTICIPANT',
    name: message.name,
    email: message.email,
  };
  const joined = await ports.store.addGuest(room.roomId, guest, MAX_GUESTS);
  if (joined === 'full') return void (await reject(ROOM_MESSAGES.roomFull));
  if (joined === 'no-room') return void (await reject(ROOM_MESSAGES.noRoom));
  if (joined === 'duplicate') return void (await reject(ROOM_MESSAGES.duplicateSession));

  // The offer goes to the host first: its answer is on the path to the guest's first frame, the list of who is there is not.
  const toHost = sendToHost(ports, room, { id: 'newAttendee', ...attendeeInfo(guest), sdpOffer: message.sdpOffer });
  const others = (await ports.store.guests(room.roomId)).filter((g) => g.participantSessionId !== guest.participantSessionId);
  const [sent, hostThere] = await Promise.all([
    sendTo(ports, connection.connectionId, {
      id: 'currentAttendees', attendees: [attendeeInfo(room.host), ...others.map(guestFacingInfo)], personRemoval: room.personRemoval,
    }),
    toHost,
  ]);
  if (!hostThere) return;
  if (sent === 'gone') return guestLeaves(ports, room, guest.participantSessionId, guest.connectionId);
  await Promise.all(others.map((g) => sendToGuest(ports, room, g, { id: 'newAttendee', ...guestFacingInfo(guest) })));
  // Recorded last: the guest record is not on the path to the guest's first frame. It grants no access.
  await ports.meetings.recordGuest(room.roomId, guest.participantSessionId, { email: guest.email, name: guest.name })
    .catch((error: unknown) => ports.log.warn('Could not record the room guest', { roomId: room.roomId, error: String(error) }));
}
