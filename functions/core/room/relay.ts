import { ROOM_MESSAGES, type ClientRoomMessage } from './messages.js';
import { broadcastToGuests, sendTo, sendToGuest, sendToHost } from './membership.js';
import type { Room, RoomConnection, RoomPorts } from './ports.js';

type Message<K extends ClientRoomMessage['id']> = Extract<ClientRoomMessage, { id: K }>;

/** The room the connection is bound to, when it matches the message's roomId. */
export async function boundRoom(ports: RoomPorts, connection: RoomConnection, roomId: string): Promise<Room | undefined> {
  if (connection.roomId !== roomId) return undefined;
  return ports.store.room(roomId);
}

const isHost = (room: Room, connection: RoomConnection) => room.host.connectionId === connection.connectionId;

/** viewerProcessed: the host's answer for one guest, relayed to that guest as viewerResponse accepted. */
export async function relayAnswer(ports: RoomPorts, connection: RoomConnection, message: Message<'viewerProcessed'>): Promise<void> {
  const room = await boundRoom(ports, connection, message.roomId);
  if (!room || !isHost(room, connection)) return ports.log.warn('viewerProcessed from a socket that is not the presenter', { roomId: message.roomId });
  const guest = await ports.store.guest(room.roomId, message.participantSessionId);
  if (!guest) return ports.log.warn('viewerProcessed for a guest not in the room', { roomId: room.roomId });
  await sendToGuest(ports, room, guest, { id: 'viewerResponse', response: 'accepted', sdpAnswer: message.sdpAnswer });
}

/**
 * onIceCandidate: from the host, participantSessionId names the guest it is for; from a guest, it goes
 * to the host labelled with that guest's own session id (taken from the socket, not the message).
 */
export async function relayCandidate(ports: RoomPorts, connection: RoomConnection, message: Message<'onIceCandidate'>): Promise<void> {
  const room = await boundRoom(ports, connection, message.roomId);
  if (!room) return ports.log.warn('onIceCandidate from a socket outside the room', { roomId: message.roomId });
  if (isHost(room, connection)) {
    const guest = await ports.store.guest(room.roomId, message.participantSessionId);
    if (!guest) return ports.log.warn('onIceCandidate for a guest not in the room', { roomId: room.roomId });
    return sendToGuest(ports, room, guest, { id: 'iceCandidate', participantSessionId: guest.participantSessionId, candidate: message.candidate });
  }
  await sendToHost(ports, room, { id: 'iceCandidate', participantSessionId: connection.participantSessionId!, candidate: message.candidate });
}

/** togglePersonRemovalFilter: only the presenter; everyone gets toggleResponse with the new state. */
export async function togglePersonRemoval(ports: RoomPorts, connection: RoomConnection, message: Message<'togglePersonRemovalFilter'>): Promise<void> {
  const room = await boundRoom(ports, connection, message.roomId);
  if (!room || !isHost(room, connection)) {
    await sendTo(ports, connection.connectionId, { id: 'toggleResponse', response: 'rejected', message: ROOM_MESSAGES.notPresenter });
    return;
  }
  await ports.store.setPersonRemoval(room.roomId, message.state);
  const answer = { id: 'toggleResponse', response: 'accepted', state: message.state } as const;
  if (!(await sendToHost(ports, room, answer))) return;
  await broadcastToGuests(ports, room, answer);
}
