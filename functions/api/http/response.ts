import type { APIGatewayProxyResult } from 'aws-lambda';

/** What a route returns when it needs a status other than 200 or a non-JSON body. */
export class HttpResponse {
  constructor(readonly statusCode: number, readonly body: unknown, readonly headers: Record<string, string> = {}) {}
}

export const created = (body: unknown) => new HttpResponse(201, body);
export const noContent = () => new HttpResponse(204, undefined);

/** Serialises a body: strings go out as text/plain (some spec answers are bare text), the rest as JSON. */
export function toProxyResult(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  if (body === undefined) return { statusCode, headers, body: '' };
  if (typeof body === 'string') {
    return { statusCode, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers }, body };
  }
  return { statusCode, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}
