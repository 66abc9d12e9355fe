/**
 * Signature checks of inbound provider webhooks, over the raw body bytes (never re-serialised JSON).
 * Zoom: `x-zm-signature: v0=hex(HMAC-SHA256(secret, "v0:{x-zm-request-timestamp}:{body}"))`, timestamp within 5 minutes.
 * Webex: `X-Spark-Signature: hex(HMAC-SHA1(webhook secret, body))` (no timestamp: replays are stopped by idempotent imports).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Our replay window for Zoom deliveries (Zoom publishes none; 5 minutes is the common policy). */
export const ZOOM_MAX_SKEW_SECONDS = 300;

export type SignatureVerdict = 'valid' | 'bad_signature' | 'stale' | 'missing';

const sameHex = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

export function zoomSignature(secret: string, timestamp: string, rawBody: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
}

export function verifyZoomSignature(
  secret: string, rawBody: string, headers: { signature?: string; timestamp?: string }, nowSeconds: number,
): SignatureVerdict {
  if (!headers.signature || !headers.timestamp) return 'missing';
  if (!/^\d{1,12}$/.test(headers.timestamp)) return 'bad_signature';
  if (!sameHex(zoomSignature(secret, headers.timestamp, rawBody), headers.signature)) return 'bad_signature';
  if (Math.abs(nowSeconds - Number(headers.timestamp)) > ZOOM_MAX_SKEW_SECONDS) return 'stale';
  return 'valid';
}

/** The answer to Zoom's `endpoint.url_validation` challenge. */
export function zoomUrlValidation(secret: string, plainToken: string) {
  return { plainToken, encryptedToken: createHmac('sha256', secret).update(plainToken).digest('hex') };
}

export function webexSignature(secret: string, rawBody: string): string {
  return createHmac('sha1', secret).update(rawBody).digest('hex');
}

export function verifyWebexSignature(secret: string, rawBody: string, signature: string | undefined): SignatureVerdict {
  if (!signature) return 'missing';
  return sameHex(webexSignature(secret, rawBody), signature.trim().toLowerCase()) ? 'valid' : 'bad_signature';
}

/** Todoist: `X-Todoist-Hmac-SHA256: base64(HMAC-SHA256(app's client secret, body))` (no timestamp; replays are stopped by delivery id and body). */
export function todoistSignature(clientSecret: string, rawBody: string): string {
  return createHmac('sha256', clientSecret).update(rawBody).digest('base64');
}

export function verifyTodoistSignature(clientSecret: string, rawBody: string, signature: string | undefined): SignatureVerdict {
  if (!signature) return 'missing';
  return sameHex(todoistSignature(clientSecret, rawBody), signature.trim()) ? 'valid' : 'bad_signature';
}
