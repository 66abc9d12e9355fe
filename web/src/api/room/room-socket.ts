/**
 * The live-room socket (/one2many on the site origin). A host's access token travels as the `token`
 * query parameter, since browsers cannot set headers on a WebSocket. Sends a keep-alive every 5 minutes
 * (API Gateway closes sockets idle for 10).
 */
import type { ServerMessage } from '@contracts/room.js';

export interface RoomSocket {
  send(message: Record<string, unknown>): void;
  close(): void;
}

const KEEP_ALIVE_MS = 5 * 60 * 1000;

/** Opens the socket; resolves once open, rejects when it cannot connect. Unknown kinds reach onMessage too (the caller logs them). */
export function openRoomSocket(options: {
  token?: string;
  onMessage: (message: ServerMessage | { id: string }) => void;
  onClose?: () => void;
  origin?: string;
}): Promise<RoomSocket> {
  const origin = options.origin ?? window.location.origin;
  const url = new URL('/one2many', origin.replace(/^http/, 'ws'));
  if (options.token) url.searchParams.set('token', options.token);
  const ws = new WebSocket(url);
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  ws.onmessage = (event) => {
    try {
      options.onMessage(JSON.parse(String(event.data)));
    } catch {
      console.warn('Dropped an unreadable live-room message');
    }
  };
  return new Promise((resolve, reject) => {
    ws.onopen = () => {
      keepAlive = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('{"id":"ping"}'), KEEP_ALIVE_MS);
      ws.onclose = () => { clearInterval(keepAlive); options.onClose?.(); };
      resolve({
        send: (message) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify(message)),
        close: () => { clearInterval(keepAlive); ws.onclose = null; ws.close(); },
      });
    };
    ws.onerror = () => reject(new Error('The live-room connection failed.'));
  });
}
