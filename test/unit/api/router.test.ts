import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { z } from 'zod';
import { Forbidden, Unauthenticated } from '../../../functions/core/errors.js';
import { createApiHandler, route, type Authenticator } from '../../../functions/api/http/router.js';
import { created } from '../../../functions/api/http/response.js';

function event(method: string, path: string, init: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent {
  return {
    httpMethod: method, path, headers: {}, body: null, isBase64Encoded: false,
    queryStringParameters: null, multiValueHeaders: {}, multiValueQueryStringParameters: null,
    pathParameters: null, stageVariables: null, resource: '/api/{proxy+}',
    requestContext: { identity: { sourceIp: '127.0.0.1' } } as APIGatewayProxyEvent['requestContext'],
    ...init,
  };
}
const context = {} as Context;
const silent = { error: () => undefined };
const authenticator: Authenticator = {
  authenticate: async (token) => {
    if (token !== 'good') throw new Unauthenticated();
    return { userId: 'u1', email: 'a@example.com' };
  },
};

const handler = createApiHandler([
  route({ method: 'GET', path: 'things/{id}/', auth: 'public', handle: async ({ params, query }) => ({ id: params.id, page: query.page }) }),
  route({
    method: 'POST', path: 'things/', auth: 'user',
    body: z.object({ name: z.string().min(1, 'This field is required.') }),
    handle: async ({ body, principal }) => created({ name: body.name, owner: principal?.userId }),
  }),
  route({ method: 'DELETE', path: 'things/{id}', auth: 'user', handle: async () => { throw new Forbidden(); } }),
  route({ method: 'GET', path: 'boom/', auth: 'public', handle: async () => { throw new Error('secret internals'); } }),
], { authenticator, logger: silent });

describe('createApiHandler', () => {
  it('matches a path with or without its trailing slash and passes params and query', async () => {
    const withSlash = await handler(event('GET', '/api/things/42/', { queryStringParameters: { page: '2' } }), context);
    const without = await handler(event('GET', '/api/things/42'), context);
    expect(JSON.parse(withSlash.body)).toEqual({ id: '42', page: '2' });
    expect(without.statusCode).toBe(200);
  });

  it('answers 401 for a protected route without a bearer token', async () => {
    const response = await handler(event('POST', '/api/things/', { body: '{"name":"x"}', headers: { 'Content-Type': 'application/json' } }), context);
    expect(response.statusCode).toBe(401);
  });

  it('validates the body and answers 400 with field messages', async () => {
    const response = await handler(event('POST', '/api/things/', { body: '{"name":""}', headers: { authorization: 'Bearer good' } }), context);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ name: ['This field is required.'] });
  });

  it('accepts form-encoded bodies', async () => {
    const response = await handler(event('POST', '/api/things/', {
      body: 'name=Weekly+sync', headers: { authorization: 'Bearer good', 'content-type': 'application/x-www-form-urlencoded' },
    }), context);
    expect(response.statusCode).toBe(201);
    expect(JSON.parse(response.body)).toEqual({ name: 'Weekly sync', owner: 'u1' });
  });

  it('answers 400, not 500, for malformed JSON', async () => {
    const response = await handler(event('POST', '/api/things/', { body: '{oops', headers: { authorization: 'Bearer good' } }), context);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).non_field_errors[0]).toContain('not valid JSON');
  });

  it('maps domain errors to their status', async () => {
    const response = await handler(event('DELETE', '/api/things/1', { headers: { authorization: 'Bearer good' } }), context);
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for an unknown path and 405 for a known path with another method', async () => {
    expect((await handler(event('GET', '/api/nothing/'), context)).statusCode).toBe(404);
    const response = await handler(event('PUT', '/api/things/'), context);
    expect(response.statusCode).toBe(405);
    expect(response.headers?.allow).toBe('POST');
  });

  it('hides internals of unexpected errors behind a generic 500', async () => {
    const response = await handler(event('GET', '/api/boom/'), context);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret internals');
  });
});
