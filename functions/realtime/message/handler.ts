import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { createRoomPorts } from '../../wiring/room.js';
import { readConfig } from '../../config.js';
import { parseClientMessage } from '../../core/realtime/client-message.js';
import { handleRoomMessage } from '../../core/room/dispatch.js';

const config = readConfig(['TABLE_NAME', 'WEBSOCKET_CALLBACK_URL']);
const ports = createRoomPorts(config.TABLE_NAME, config.WEBSOCKET_CALLBACK_URL);

/** $default: keep-alives and the live-room signalling of spec §7; bad input is logged and dropped, never crashing. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2) => {
  const { connectionId } = event.requestContext;
  const message = parseClientMessage(event.body);
  if (message.kind === 'ping') {
    if ((await ports.outbox.send(connectionId, { id: 'pong' })) === 'gone') await ports.store.unbind(connectionId);
  } else if (message.kind === 'malformed') {
    ports.log.warn('Dropped malformed socket message', { connectionId, reason: message.reason });
  } else {
    await handleRoomMessage(ports, connectionId, message.id, message.payload);
  }
  return { statusCode: 200 };
};
