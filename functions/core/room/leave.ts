import type { ClientRoomMessage } from './messages.js';
import { closeRoom, guestLeaves } from './membership.js';
import type { RoomConnection, RoomPorts } from './ports.js';
import { boundRoom } from './relay.js';

/** stop: the host ends the room (guests get stopCommunication 'hostEnded'); a guest leaves it. */
export async function stop(ports: RoomPorts, connection: RoomConnection, message: Extract<ClientRoomMessage, { id: 'stop' }>): Promise<void> {
  const room = await boundRoom(ports, connection, message.roomId);
  if (!room) return ports.log.warn('stop from a socket outside the room', { roomId: message.roomId });
  if (room.host.connectionId === connection.connectionId) {
    ports.log.info('Host ended the room', { roomId: room.roomId });
    return closeRoom(ports, room, 'hostEnded');
  }
  await guestLeaves(ports, room, connection.participantSessionId!, connection.connectionId);
}

/** $disconnect: a host's socket closing ends the room ('hostLeft'); a guest's leaves it. */
export async function disconnect(ports: RoomPorts, connection: RoomConnection): Promise<void> {
  if (!connection.roomId) return;
  const room = await ports.store.room(connection.roomId);
  if (!room) return;
  if (room.host.connectionId === connection.connectionId) return closeRoom(ports, room, 'hostLeft');
  await guestLeaves(ports, room, connection.participantSessionId!, connection.connectionId);
}
