import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { createApiHandler, route } from '../../../functions/api/http/router.js';
import { listMeetingsQuery, surveyRequest } from '../../../functions/contracts/meetings.js';
import { searchContentRequest } from '../../../functions/contracts/search.js';

const event = (path: string, query: Record<string, string> | null = null): APIGatewayProxyEvent => ({
  httpMethod: 'GET', path, headers: {}, body: null, isBase64Encoded: false, queryStringParameters: query, multiValueHeaders: {},
  multiValueQueryStringParameters: null, pathParameters: null, stageVariables: null, resource: '/api/{proxy+}',
  requestContext: { identity: { sourceIp: '127.0.0.1' } } as APIGatewayProxyEvent['requestContext'],
});

describe('ids and query values past the limits (issue #19)', () => {
  const handler = createApiHandler([route({ method: 'GET', path: 'things/{id}/', auth: 'public', handle: async ({ params }) => ({ id: params.id }) })],
    { logger: { error: () => undefined } });

  it('answers 400, not 500, for an id over the key limit, and serves a normal one', async () => {
    expect((await handler(event(`/api/things/${'a'.repeat(2041)}/`), {} as Context)).statusCode).toBe(400);
    expect((await handler(event(`/api/things/${encodeURIComponent('é'.repeat(300))}/`), {} as Context)).statusCode).toBe(400);
    expect((await handler(event('/api/things/8d1c0a7e-2f0b-4f7e-9a51-3c1a2f0e9b10/'), {} as Context)).statusCode).toBe(200);
  });

  it('answers 400 for a query value over 2,048 bytes', async () => {
    expect((await handler(event('/api/things/1/', { q: 'x'.repeat(2049) }), {} as Context)).statusCode).toBe(400);
  });
});

describe('strict JSON types (issue #19)', () => {
  it('refuses a boolean rating and non-numeric maximum_rating instead of coercing them', () => {
    expect(surveyRequest.safeParse({ email: 'a@example.com', rating: true }).success).toBe(false);
    expect(surveyRequest.safeParse({ email: 'a@example.com', rating: [3] }).success).toBe(false);
    expect(surveyRequest.safeParse({ email: 'a@example.com', rating: 3, maximum_rating: true }).success).toBe(false);
    expect(surveyRequest.safeParse({ email: 'a@example.com', rating: '3' }).data?.rating).toBe(3);
    expect(surveyRequest.safeParse({ email: 'a@example.com', rating: 3 }).data?.rating).toBe(3);
  });

  it('refuses pages given as arrays, booleans, blanks or objects', () => {
    for (const page of [[2], true, '', {}, '2x']) {
      expect(listMeetingsQuery.safeParse({ page }).success).toBe(false);
      expect(searchContentRequest.safeParse({ query: 'x', page }).success).toBe(false);
    }
    expect(listMeetingsQuery.parse({ page: '2' }).page).toBe(2);
    expect(listMeetingsQuery.parse({}).page).toBe(1);
  });
});

describe('per-address limit of public calls (issue #19)', () => {
  it('answers 429 with Retry-After past the budget, for public routes only', async () => {
    const counts = new Map<string, number>();
    const publicLimiter = {
      take: async (ip: string, routeKey: string) => {
        const key = `${ip} ${routeKey}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return counts.get(key)! > 3 ? { retryAfterSeconds: 120 } : {};
      },
    };
    const handler = createApiHandler([
      route({ method: 'GET', path: 'open/', auth: 'public', handle: async () => ({ ok: true }) }),
      route({ method: 'GET', path: 'closed/', auth: 'user', handle: async () => ({ ok: true }) }),
    ], { publicLimiter, authenticator: { authenticate: async () => ({ userId: 'u', email: 'u@example.com' }) }, logger: { error: () => undefined } });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await handler(event('/api/open/'), {} as Context)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await handler(event('/api/open/'), {} as Context)).headers).toMatchObject({ 'retry-after': '120' });
    const closed = { ...event('/api/closed/'), headers: { authorization: 'Bearer t' } };
    for (let i = 0; i < 5; i += 1) expect((await handler(closed, {} as Context)).statusCode).toBe(200);
  });
});
