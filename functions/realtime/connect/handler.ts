import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { bearerAuthenticator } from '../../adapters/auth/jwt-authenticator.js';
import { connectionsRepository } from '../../adapters/realtime/connections-repository.js';
import { readConfig } from '../../config.js';
import { identifyConnection } from '../../core/realtime/identify.js';

const config = readConfig(['TABLE_NAME']);
const connections = connectionsRepository(config.TABLE_NAME);
const authenticator = bearerAuthenticator();

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  requestContext: { identity?: { sourceIp?: string } };
  queryStringParameters?: Record<string, string | undefined> | null;
};

/**
 * $connect: records the socket. Browsers cannot set headers on a WebSocket, so a host's access token
 * comes as the `token` query parameter; guests come without one. A token that fails verification
 * refuses the upgrade (401). The token is never logged.
 */
export const handler = async (event: ConnectEvent) => {
  const { connectionId, connectedAt, identity } = event.requestContext;
  const who = await identifyConnection(authenticator, event.queryStringParameters?.token);
  if (who === 'invalid') return { statusCode: 401, body: 'Unauthorized' };
  await connections.save({ connectionId, connectedAt: new Date(connectedAt).toISOString(), sourceIp: identity?.sourceIp, ...who });
  return { statusCode: 200 };
};
