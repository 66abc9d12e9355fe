/**
 * Messages arriving on the live-room socket. The one2many protocol names the kind in `id`
 * (spec §7: presenter, viewer, onIceCandidate, ...); `ping` is our keep-alive, since API Gateway
 * closes sockets idle for 10 minutes.
 */
export type ClientMessage =
  | { readonly kind: 'ping' }
  | { readonly kind: 'other'; readonly id: string; readonly payload: Record<string, unknown> }
  | { readonly kind: 'malformed'; readonly reason: string };

const MAX_MESSAGE_BYTES = 32 * 1024;

/** Parses a raw socket message; never throws. */
export function parseClientMessage(raw: string | null | undefined): ClientMessage {
  if (!raw) return { kind: 'malformed', reason: 'empty message' };
  if (Buffer.byteLength(raw) > MAX_MESSAGE_BYTES) return { kind: 'malformed', reason: 'message too large' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { kind: 'malformed', reason: 'not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { kind: 'malformed', reason: 'not an object' };
  const id = (parsed as { id?: unknown }).id;
  if (typeof id !== 'string' || id === '') return { kind: 'malformed', reason: "missing 'id'" };
  if (id === 'ping') return { kind: 'ping' };
  return { kind: 'other', id, payload: parsed as Record<string, unknown> };
}

/** How long a connection record lives without being refreshed (API Gateway's own maximum is 2 h). */
export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;
