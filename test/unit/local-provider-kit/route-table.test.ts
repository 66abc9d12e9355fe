import http from 'node:http';
import { listenLocal, type ListeningService } from '../../../local/http/listen.js';
import { listener, route, routeTable, type Route, type WireFormat } from '../../../local/provider-kit/routes.js';
import { basicOpsWire } from '../../../local/basicops/routes.js';
import { startLocalStripe } from '../../../local/stripe/index.js';
import { todoistWire } from '../../../local/todoist/wire.js';
import { zoomWire } from '../../../local/zoom/api-routes.js';
import { webexWire } from '../../../local/webex/server.js';

/** A route table served on a free local port, for the length of one test. */
async function serve(routes: Route[], wire: WireFormat): Promise<ListeningService & { call(method: string, path: string, body?: string):
  Promise<{ status: number; headers: Headers; body: any }> }> {
  const listening = await listenLocal(http.createServer(listener(routeTable(routes, wire))));
  return {
    ...listening,
    async call(method, path, body) {
      const response = await fetch(`${listening.endpoint}${path}`, { method, body, headers: body === undefined ? {} : { 'content-type': 'application/json' } });
      const text = await response.text();
      let parsed: unknown = text;
      try { parsed = JSON.parse(text); } catch { /* not JSON */ }
      return { status: response.status, headers: response.headers, body: parsed };
    },
  };
}

const echo: Route[] = [
  route('GET', '/v1/items', () => ({ status: 200, body: { items: [] } })),
  route('GET', '/v1/items/:id', ({ params }) => ({ status: 200, body: { id: params.id } })),
  route('DELETE', '/v1/items/:id', () => ({ status: 204 })),
  route('POST', '/v1/items', async (call) => ({ status: 201, body: await call.json() })),
  route('GET', '/files/*rest', ({ params }) => ({ status: 200, body: { rest: params.rest } })),
  route('GET', '/v2/meetings/*uuid/recordings', ({ params }) => ({ status: 200, body: { uuid: params.uuid } })),
  route('*', '/authorize', ({ method }) => ({ status: 200, body: { method } })),
  route('GET', '/boom', () => { throw new Error('unexpected'); }),
];

describe('the provider route table', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  const logged: string[] = [];
  beforeAll(async () => {
    server = await serve(echo, { ...zoomWire(), log: (message) => logged.push(message) });
  });
  afterAll(() => server.stop());

  it('matches method and path, and hands the handler the decoded path parameters', async () => {
    expect(await server.call('GET', '/v1/items')).toMatchObject({ status: 200, body: { items: [] } });
    expect(await server.call('GET', '/v1/items/a%20b')).toMatchObject({ status: 200, body: { id: 'a b' } });
    expect((await server.call('DELETE', '/v1/items/x')).status).toBe(204);
    expect(await server.call('GET', '/files/a/b%2Fc')).toMatchObject({ status: 200, body: { rest: 'a/b/c' } });
    expect(await server.call('GET', '/v2/meetings/abc%252F%253D%253D/recordings')).toMatchObject({ body: { uuid: 'abc%2F%3D%3D' } });
  });

  it('a one-segment parameter does not take a slash, and a parameter that does not decode matches nothing', async () => {
    expect((await server.call('GET', '/v1/items/a/b')).status).toBe(404);
    expect((await server.call('GET', '/v1/items/%E0%A4%A')).status).toBe(404);
  });

  it('a route of any method ("*") takes GET and POST', async () => {
    expect((await server.call('GET', '/authorize')).body).toEqual({ method: 'GET' });
    expect((await server.call('POST', '/authorize', '{}')).body).toEqual({ method: 'POST' });
  });

  it('answers an unknown path 404 and a known path asked with another method 405 with Allow, in the provider\'s format (Zoom)', async () => {
    expect(await server.call('GET', '/v1/nothing')).toMatchObject({ status: 404, body: { code: 404, message: 'No such endpoint: GET /v1/nothing' } });
    const wrong = await server.call('PUT', '/v1/items/7');
    expect(wrong).toMatchObject({ status: 405, body: { code: 405, message: 'Method PUT is not allowed on /v1/items/7.' } });
    expect(wrong.headers.get('allow')).toBe('GET, DELETE');
  });

  it('reads a JSON object body; an empty body is {}; a body that is not a JSON object is the provider\'s 400', async () => {
    expect(await server.call('POST', '/v1/items', '{"name":"a"}')).toMatchObject({ status: 201, body: { name: 'a' } });
    expect(await server.call('POST', '/v1/items', '')).toMatchObject({ status: 201, body: {} });
    for (const bad of ['{"name":', '[1,2]', '"text"', 'null']) {
      expect(await server.call('POST', '/v1/items', bad)).toMatchObject({ status: 400, body: { code: 400, message: 'Request body must be a JSON object' } });
    }
  });

  it('answers a handler\'s unexpected failure 500 in the provider\'s format and logs it', async () => {
    expect(await server.call('GET', '/boom')).toMatchObject({ status: 500, body: { code: 500, message: 'Internal error' } });
    expect(logged.some((m) => m.includes('GET /boom'))).toBe(true);
  });
});

describe('the route table in other providers\' formats', () => {
  it('Webex: trailing slashes dropped; 404, 405 and 400 as {message, errors: [{description}], trackingId}', async () => {
    const server = await serve(echo, webexWire());
    try {
      expect(await server.call('GET', '/v1/items/')).toMatchObject({ status: 200, body: { items: [] } });
      const missing = await server.call('GET', '/v1/nothing');
      expect(missing).toMatchObject({ status: 404, body: { message: 'No such endpoint: GET /v1/nothing', errors: [{ description: 'No such endpoint: GET /v1/nothing' }] } });
      expect(missing.body.trackingId).toMatch(/^LOCAL_/);
      expect(await server.call('PATCH', '/v1/items')).toMatchObject({ status: 405, body: { errors: [{ description: 'Method PATCH is not allowed on /v1/items.' }] } });
      expect(await server.call('POST', '/v1/items', '{')).toMatchObject({ status: 400, body: { message: 'Request body must be a JSON object' } });
    } finally {
      await server.stop();
    }
  });

  it('a body over the limit is the provider\'s 413', async () => {
    const server = await serve(echo, { ...zoomWire(), bodyLimit: 10 });
    try {
      expect(await server.call('POST', '/v1/items', JSON.stringify({ long: 'x'.repeat(100) }))).toMatchObject({ status: 413, body: { code: 413 } });
    } finally {
      await server.stop();
    }
  });

  it('Todoist: {error, error_code, error_extra, error_tag, http_code}', async () => {
    const server = await serve(echo, todoistWire);
    try {
      expect(await server.call('GET', '/api/v1/nothing')).toMatchObject({ status: 404, body: { error: 'Not found: GET /api/v1/nothing', error_code: 404,
        error_tag: 'NOT_FOUND', http_code: 404, error_extra: {} } });
      expect(await server.call('PUT', '/v1/items')).toMatchObject({ status: 405, body: { error_tag: 'METHOD_NOT_ALLOWED', http_code: 405 } });
      expect(await server.call('POST', '/v1/items', 'not json')).toMatchObject({ status: 400, body: { error: 'Request body must be a JSON object',
        error_tag: 'INVALID_JSON', http_code: 400 } });
    } finally {
      await server.stop();
    }
  });

  it('BasicOps: {success: false, error}', async () => {
    const server = await serve(echo, basicOpsWire);
    try {
      expect(await server.call('GET', '/elsewhere')).toMatchObject({ status: 404, body: { success: false, error: 'Not found' } });
      expect(await server.call('PUT', '/v1/items')).toMatchObject({ status: 405, body: { success: false } });
      expect(await server.call('POST', '/v1/items', '[]')).toMatchObject({ status: 400, body: { success: false, error: 'Request body must be a JSON object' } });
    } finally {
      await server.stop();
    }
  });

  it('Stripe: an unknown path and a wrong method are both "Unrecognized request URL" (404), as Stripe answers them', async () => {
    const stripe = await startLocalStripe({ secretKey: 'sk_test_unit', webhookSecret: 'whsec_unit', webhookUrl: () => undefined });
    try {
      for (const [method, path] of [['GET', '/v1/nothing'], ['PUT', '/v1/customers/cus_1']]) {
        const response = await fetch(`${stripe.endpoint}${path}`, { method, headers: { authorization: 'Bearer sk_test_unit' } });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } });
      }
    } finally {
      await stripe.stop();
    }
  });
});
