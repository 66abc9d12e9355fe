import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { connectionSender } from '../../adapters/realtime/connection-sender.js';
import { connectionsRepository } from '../../adapters/realtime/connections-repository.js';
import { parseClientMessage } from '../../core/realtime/client-message.js';
import { readConfig } from '../../config.js';

const config = readConfig(['TABLE_NAME', 'WEBSOCKET_CALLBACK_URL']);
const connections = connectionsRepository(config.TABLE_NAME);
const sender = connectionSender(config.WEBSOCKET_CALLBACK_URL);

/** $default: answers keep-alives; anything it does not know is logged and dropped, never crashing. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2) => {
  const { connectionId } = event.requestContext;
  const message = parseClientMessage(event.body);
  if (message.kind === 'ping') {
    if ((await sender.send(connectionId, { id: 'pong' })) === 'gone') await connections.remove(connectionId);
  } else if (message.kind === 'malformed') {
    console.warn(JSON.stringify({ message: 'Dropped malformed socket message', connectionId, reason: message.reason }));
  } else {
    console.warn(JSON.stringify({ message: 'Dropped unknown socket message', connectionId, id: message.id }));
  }
  return { statusCode: 200 };
};
