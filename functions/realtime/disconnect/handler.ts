import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { connectionsRepository } from '../../adapters/realtime/connections-repository.js';
import { createRoomPorts } from '../../wiring/room.js';
import { readConfig } from '../../config.js';
import { disconnect } from '../../core/room/leave.js';

const config = readConfig(['TABLE_NAME', 'WEBSOCKET_CALLBACK_URL']);
const connections = connectionsRepository(config.TABLE_NAME);
const ports = createRoomPorts(config.TABLE_NAME, config.WEBSOCKET_CALLBACK_URL);

/** $disconnect: a guest leaves its room (attendeeLeft to the others), a host's room closes; then the socket is forgotten. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2) => {
  const { connectionId } = event.requestContext;
  const connection = await ports.store.connection(connectionId);
  if (connection) await disconnect(ports, connection);
  await connections.remove(connectionId);
  return { statusCode: 200 };
};
