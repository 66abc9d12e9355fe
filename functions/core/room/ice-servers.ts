import { createHmac } from 'node:crypto';

export interface IceSettings {
  /** e.g. stun:stun.example.com:3478 */
  readonly stunUrls: readonly string[];
  /** e.g. turn:turn.example.com:3478?transport=udp, turns:turn.example.com:5349 */
  readonly turnUrls: readonly string[];
  /** coturn's static-auth-secret; TURN is offered only when it and turnUrls are set. */
  readonly turnSecret?: string;
}

export interface IceServer { urls: string[]; username?: string; credential?: string }
export interface IceServersAnswer { ice_servers: IceServer[]; ttl: number }

/** How long TURN credentials stay valid. */
export const TURN_CREDENTIAL_SECONDS = 6 * 60 * 60;

/**
 * RTCPeerConnection ice servers: STUN as configured, TURN with short-lived credentials in coturn's
 * REST API scheme (username `${expiry}:${subject}`, credential base64(HMAC-SHA1(secret, username))).
 * Empty when nothing is configured (loopback and LAN need none).
 */
export function iceServersFor(settings: IceSettings, subject: string, nowSeconds: number, ttl = TURN_CREDENTIAL_SECONDS): IceServersAnswer {
  const servers: IceServer[] = [];
  if (settings.stunUrls.length > 0) servers.push({ urls: [...settings.stunUrls] });
  if (settings.turnUrls.length > 0 && settings.turnSecret) {
    const username = `${nowSeconds + ttl}:${subject}`;
    const credential = createHmac('sha1', settings.turnSecret).update(username).digest('base64');
    servers.push({ urls: [...settings.turnUrls], username, credential });
  }
  return { ice_servers: servers, ttl };
}
