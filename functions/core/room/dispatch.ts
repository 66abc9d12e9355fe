import { clientMessage, CLIENT_KINDS, ROOM_MESSAGES, type ClientRoomMessageKind } from './messages.js';
import { stop } from './leave.js';
import { sendTo } from './membership.js';
import type { RoomPorts } from './ports.js';
import { startPresenting } from './presenter.js';
import { relayAnswer, relayCandidate, togglePersonRemoval } from './relay.js';
import { joinAsViewer } from './viewer.js';

/** The answer kind a refused message of each kind gets (the others are only logged, spec §8). */
const REFUSAL_KIND: Partial<Record<ClientRoomMessageKind, 'presenterResponse' | 'viewerResponse' | 'toggleResponse'>> = {
  presenter: 'presenterResponse', viewer: 'viewerResponse', togglePersonRemovalFilter: 'toggleResponse',
};

/**
 * Handles one client message (already parsed from JSON, with its `id`) on a connection. Unknown kinds
 * and malformed messages are logged and, where the kind has a response, refused; never throws for them.
 */
export async function handleRoomMessage(ports: RoomPorts, connectionId: string, id: string, payload: Record<string, unknown>): Promise<void> {
  if (!(CLIENT_KINDS as readonly string[]).includes(id)) return ports.log.warn('Dropped unknown socket message', { connectionId, id });
  const parsed = clientMessage.safeParse(payload);
  if (!parsed.success) {
    ports.log.warn('Dropped malformed socket message', { connectionId, id, issues: parsed.error.issues.map((i) => i.path.join('.')) });
    const kind = REFUSAL_KIND[id as ClientRoomMessageKind];
    const text = id === 'viewer' ? ROOM_MESSAGES.badViewer : ROOM_MESSAGES.badRequest;
    if (kind) await sendTo(ports, connectionId, { id: kind, response: 'rejected', message: text });
    return;
  }
  const connection = (await ports.store.connection(connectionId)) ?? { connectionId };
  const message = parsed.data;
  switch (message.id) {
    case 'presenter': return startPresenting(ports, connection, message);
    case 'viewer': return joinAsViewer(ports, connection, message);
    case 'viewerProcessed': return relayAnswer(ports, connection, message);
    case 'onIceCandidate': return relayCandidate(ports, connection, message);
    case 'togglePersonRemovalFilter': return togglePersonRemoval(ports, connection, message);
    case 'stop': return stop(ports, connection, message);
  }
}
