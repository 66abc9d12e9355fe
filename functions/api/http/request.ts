import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ValidationFailed } from '../../core/errors.js';

/** Case-insensitive header lookup (API Gateway keeps the client's casing). */
export function header(event: Pick<APIGatewayProxyEvent, 'headers'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
}

/**
 * The request body as text, exactly as the client sent it (base64-decoded when API Gateway says so): the one reader of the
 * raw body, which the webhook signatures are checked over (never re-serialised JSON).
 */
export function rawBodyText(event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>): string {
  if (event.body === null || event.body === undefined) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/**
 * Decodes the request body by content type: JSON, form-encoded (the spec sends some calls that way)
 * or nothing. Throws ValidationFailed for a body that does not parse.
 */
export function parseBody(event: Pick<APIGatewayProxyEvent, 'headers' | 'body' | 'isBase64Encoded'>): unknown {
  if (event.body === null || event.body === undefined || event.body === '') return {};
  const raw = rawBodyText(event);
  const contentType = (header(event, 'content-type') ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (contentType === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  if (contentType === 'application/json' || contentType.endsWith('+json') || contentType === 'text/plain') {
    try {
      return JSON.parse(raw);
    } catch {
      throw ValidationFailed.nonField('The request body is not valid JSON.');
    }
  }
  throw ValidationFailed.nonField(`Unsupported content type '${contentType}'. Send JSON or form-encoded data.`);
}

/** The request body as bytes (a file sent as the body: base64 when API Gateway passed it as binary). */
export function requestBytes(event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>): Buffer {
  if (event.body === null || event.body === undefined) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}
