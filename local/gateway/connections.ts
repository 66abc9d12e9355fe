import { isUtf8 } from 'node:buffer';
import type http from 'node:http';
import { BodyTooLarge, readBody, sendJson } from './http-util.js';
import { MAX_MESSAGE_BYTES, type Connection } from './websocket.js';

/**
 * The connection id when `pathname` is a management API path: `/@connections/{id}` or
 * `/{stage}/@connections/{id}` for the configured stage (the id is URL-encoded). Otherwise undefined.
 */
export function managementConnectionId(pathname: string, stage: string): string | undefined {
  const match = /^(?:\/([^/]+))?\/@connections\/([^/]+)$/.exec(pathname);
  if (!match || (match[1] !== undefined && match[1] !== stage)) return undefined;
  try {
    return decodeURIComponent(match[2]);
  } catch {
    return undefined;
  }
}

/**
 * Answers PostToConnection (POST), GetConnection (GET) and DeleteConnection (DELETE) like the
 * API Gateway management API; an unknown or closed id gets 410 GoneException. Never throws.
 */
export async function handleManagementRequest(
  connections: ReadonlyMap<string, Connection>, id: string, req: http.IncomingMessage, res: http.ServerResponse,
): Promise<void> {
  const connection = connections.get(id);
  const method = req.method ?? 'GET';
  if (!['POST', 'GET', 'DELETE'].includes(method)) return error(res, 405, 'MethodNotAllowedException', 'Method Not Allowed');
  if (method === 'POST') {
    let data: Buffer;
    try {
      data = await readBody(req, MAX_MESSAGE_BYTES);
    } catch (e) {
      if (e instanceof BodyTooLarge) return error(res, 413, 'PayloadTooLargeException', 'Message too long');
      throw e;
    }
    if (!connection) return gone(res);
    connection.socket.send(isUtf8(data) ? data.toString('utf8') : data);
    return sendJson(res, 200, {});
  }
  if (!connection) return gone(res);
  if (method === 'GET') {
    return sendJson(res, 200, {
      connectedAt: connection.connectedAt.toISOString(), lastActiveAt: connection.lastActiveAt.toISOString(),
      identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
    });
  }
  (connections as Map<string, Connection>).delete(id);
  connection.socket.close(1000, 'Connection deleted');
  res.writeHead(204).end();
}

function gone(res: http.ServerResponse): void {
  error(res, 410, 'GoneException', 'Gone');
}

function error(res: http.ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { message }, { 'x-amzn-errortype': type });
}
