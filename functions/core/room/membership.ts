/**
 * Sending to room members, and the two ways membership ends: a guest leaves (everyone else gets
 * attendeeLeft) or the room closes (guests get stopCommunication). A socket found gone while sending
 * is treated as that member leaving, so stale connections are cleaned up where they are noticed.
 */
import type { AttendeeInfo, ServerMessage, StopReason } from './messages.js';
import type { Room, RoomMember, RoomPorts } from './ports.js';

const info = (m: RoomMember): AttendeeInfo =>
  ({ participantSessionId: m.participantSessionId, name: m.name, email: m.email, participantType: m.participantType });

/** The public fields of a member (no connection id), as the host sees them. */
export const attendeeInfo = info;

/**
 * A guest as the other guests see it: without its e-mail (issue 28: every guest received every other guest's
 * address). The host's own e-mail stays visible; the host alone sees the guests' e-mails.
 */
export const guestFacingInfo = (m: RoomMember): AttendeeInfo => (m.participantType === 'HOST' ? info(m) : { ...info(m), email: '' });

/** Sends to one socket; a gone socket is reported, never thrown. */
export async function sendTo(ports: RoomPorts, connectionId: string, message: ServerMessage): Promise<'sent' | 'gone'> {
  return ports.outbox.send(connectionId, message);
}

/** Sends to a guest; a gone guest leaves the room (the others are told). */
export async function sendToGuest(ports: RoomPorts, room: Room, guest: RoomMember, message: ServerMessage): Promise<void> {
  if ((await sendTo(ports, guest.connectionId, message)) === 'gone') {
    ports.log.info('Guest socket gone; removing it from the room', { roomId: room.roomId, participantSessionId: guest.participantSessionId });
    await guestLeaves(ports, room, guest.participantSessionId, guest.connectionId);
  }
}

/** Sends to the host; a gone host closes the room. Returns false when the host was gone. */
export async function sendToHost(ports: RoomPorts, room: Room, message: ServerMessage): Promise<boolean> {
  if ((await sendTo(ports, room.host.connectionId, message)) === 'sent') return true;
  ports.log.info('Host socket gone; closing the room', { roomId: room.roomId });
  await closeRoom(ports, room, 'hostLeft');
  return false;
}

/** Sends to every guest except `exceptSessionId`. */
export async function broadcastToGuests(ports: RoomPorts, room: Room, message: ServerMessage, exceptSessionId?: string): Promise<void> {
  const guests = (await ports.store.guests(room.roomId)).filter((g) => g.participantSessionId !== exceptSessionId);
  await Promise.all(guests.map((g) => sendToGuest(ports, room, g, message)));
}

/** Removes a guest and tells the host and the other guests (once, even when called twice). */
export async function guestLeaves(ports: RoomPorts, room: Room, participantSessionId: string, connectionId: string): Promise<void> {
  const removed = await ports.store.removeGuest(room.roomId, participantSessionId);
  await ports.store.unbind(connectionId);
  await ports.meetings.forgetGuest(room.roomId, participantSessionId);
  if (!removed) return;
  await sendToHost(ports, room, { id: 'attendeeLeft', ...info(removed) });
  await broadcastToGuests(ports, room, { id: 'attendeeLeft', ...guestFacingInfo(removed) });
}

/** Closes the room: guests get stopCommunication with the reason; every member's socket is unbound. */
export async function closeRoom(ports: RoomPorts, room: Room, reason: StopReason): Promise<void> {
  const guests = await ports.store.closeRoom(room);
  await Promise.all(guests.map(async (g) => {
    await sendTo(ports, g.connectionId, { id: 'stopCommunication', reason });
    await ports.store.unbind(g.connectionId);
    await ports.meetings.forgetGuest(room.roomId, g.participantSessionId);
  }));
  await ports.store.unbind(room.host.connectionId);
}
