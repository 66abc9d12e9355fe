import { ROOM_MESSAGES, type ClientRoomMessage } from './messages.js';
import { sendTo } from './membership.js';
import type { RoomConnection, RoomPorts } from './ports.js';

type PresenterMessage = Extract<ClientRoomMessage, { id: 'presenter' }>;

/**
 * presenter: the meeting's authenticated host opens the room (one presenter per room, one room per
 * host). Answers presenterResponse accepted or rejected with the reason; never throws for a refusal.
 */
export async function startPresenting(ports: RoomPorts, connection: RoomConnection, message: PresenterMessage): Promise<void> {
  const reject = (text: string) => sendTo(ports, connection.connectionId, { id: 'presenterResponse', response: 'rejected', message: text });
  if (!connection.userId || !connection.email) return void (await reject(ROOM_MESSAGES.signInToPresent));
  if (connection.roomId) {
    const same = connection.roomId === message.roomId && connection.participantSessionId === message.participantSessionId;
    if (same) return void (await accept(ports, connection.connectionId, message));
    return void (await reject(ROOM_MESSAGES.alreadyJoined));
  }
  const hosts = await ports.meetings.hostEmails(message.roomId);
  if (!hosts?.includes(connection.email.toLowerCase())) return void (await reject(ROOM_MESSAGES.notHost));

  const result = await ports.store.openRoom({
    roomId: message.roomId,
    hostUserId: connection.userId,
    personRemoval: 'off',
    host: {
      connectionId: connection.connectionId,
      participantSessionId: message.participantSessionId,
      participantType: 'HOST',
      email: connection.email.toLowerCase(),
      name: message.name?.trim() || connection.email,
    },
  });
  if (result === 'room-busy') return void (await reject(ROOM_MESSAGES.roomBusy));
  if (result === 'host-busy') return void (await reject(ROOM_MESSAGES.hostBusy));
  ports.log.info('Room opened', { roomId: message.roomId });
  await ports.meetings.markLiveRoom(message.roomId);
  await accept(ports, connection.connectionId, message);
}

async function accept(ports: RoomPorts, connectionId: string, message: PresenterMessage) {
  await sendTo(ports, connectionId, {
    id: 'presenterResponse', response: 'accepted', roomId: message.roomId, participantSessionId: message.participantSessionId,
  });
  await sendTo(ports, connectionId, { id: 'currentAttendees', attendees: [], personRemoval: 'off' });
}
