import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { connectionsRepository } from '../../adapters/realtime/connections-repository.js';
import { readConfig } from '../../config.js';

const config = readConfig(['TABLE_NAME']);
const connections = connectionsRepository(config.TABLE_NAME);

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { requestContext: { identity?: { sourceIp?: string } } };

/** $connect: records the socket so messages can be routed to it. */
export const handler = async (event: ConnectEvent) => {
  const { connectionId, connectedAt, identity } = event.requestContext;
  await connections.save({ connectionId, connectedAt: new Date(connectedAt).toISOString(), sourceIp: identity?.sourceIp });
  return { statusCode: 200 };
};
