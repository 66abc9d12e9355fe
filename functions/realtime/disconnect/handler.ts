import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { connectionsRepository } from '../../adapters/realtime/connections-repository.js';
import { readConfig } from '../../config.js';

const config = readConfig(['TABLE_NAME']);
const connections = connectionsRepository(config.TABLE_NAME);

/** $disconnect: forgets the socket. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2) => {
  await connections.remove(event.requestContext.connectionId);
  return { statusCode: 200 };
};
