import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEBSOCKET } from '../../lib/definitions/api.js';
import { startGateway, type Gateway } from '../../local/gateway/index.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const apiContexts = [
  { id: 'Echo', entry: 'test/fixtures/handlers/api-echo.ts', pathSegments: ['echo', 'mirror'] },
  { id: 'Broken', entry: 'test/fixtures/handlers/api-throws.ts', pathSegments: ['broken'] },
];
const html = { accept: 'text/html,application/xhtml+xml' };

describe('startGateway (HTTP)', () => {
  let webDist: string;
  let gateway: Gateway;
  const logged: string[] = [];

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'gateway-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>MeetScribe</title><div id="root"></div>');
    await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
    gateway = await startGateway({ projectRoot, webDist, apiContexts, websocket: WEBSOCKET, log: (m) => logged.push(m) });
  });
  afterAll(async () => {
    await gateway.stop();
    await rm(webDist, { recursive: true, force: true });
  });

  describe('static SPA', () => {
    it('serves index.html without caching', async () => {
      const res = await fetch(`${gateway.url}/`);

      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>MeetScribe</title>');
    });

    it('serves hashed assets with their type and a long cache', async () => {
      const res = await fetch(`${gateway.url}/assets/index-abc123.js`);

      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await res.text()).toBe('console.log("app")');
    });

    it('falls back to index.html for an unknown page that accepts HTML', async () => {
      const res = await fetch(`${gateway.url}/meetings/42`, { headers: html });

      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    });

    it('answers 404 for a missing asset instead of the SPA', async () => {
      const res = await fetch(`${gateway.url}/assets/missing.js`, { headers: html });

      expect(res.status).toBe(404);
    });

    it('never serves files outside webDist', async () => {
      const res = await fetch(`${gateway.url}/%2e%2e/%2e%2e/etc/passwd`);

      expect(res.status).toBe(404);
    });

    it('leaves /dev/mailbox to the SPA when no mailbox is given', async () => {
      const page = await fetch(`${gateway.url}/dev/mailbox`, { headers: html });
      const json = await fetch(`${gateway.url}/dev/mailbox.json`);

      expect(await page.text()).toContain('<div id="root">');
      expect(json.status).toBe(404);
    });
  });

  describe('/api proxy', () => {
    it('passes a GET as a REST proxy event with null query maps', async () => {
      const res = await fetch(`${gateway.url}/api/echo/items/a%20b`, { headers: { 'X-Trace': 't-1' } });
      const event = await res.json();

      expect(res.status).toBe(200);
      expect(res.headers.get('x-echo')).toBe('yes');
      expect(res.headers.get('set-cookie')).toBe('a=1, b=2');
      expect(event).toMatchObject({
        resource: '/api/echo/{proxy+}', path: '/api/echo/items/a%20b', httpMethod: 'GET',
        queryStringParameters: null, multiValueQueryStringParameters: null,
        pathParameters: { proxy: 'items/a b' }, body: null, isBase64Encoded: false,
        requestContext: { stage: 'prod', httpMethod: 'GET', path: '/prod/api/echo/items/a%20b', resourcePath: '/api/echo/{proxy+}', identity: { sourceIp: '127.0.0.1' } },
      });
      expect(event.headers).toMatchObject({ 'X-Trace': 't-1', host: expect.stringContaining('127.0.0.1') });
      expect(event.multiValueHeaders['X-Trace']).toEqual(['t-1']);
      expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof event.requestContext.requestTimeEpoch).toBe('number');
    });

    it('passes query parameters as single and multi-value maps', async () => {
      const res = await fetch(`${gateway.url}/api/mirror?tag=a&tag=b&q=x%20y`);
      const event = await res.json();

      expect(event).toMatchObject({
        resource: '/api/mirror', pathParameters: null,
        queryStringParameters: { tag: 'b', q: 'x y' }, multiValueQueryStringParameters: { tag: ['a', 'b'], q: ['x y'] },
      });
    });

    it('passes a JSON body as text', async () => {
      const res = await fetch(`${gateway.url}/api/echo/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ada"}' });
      const event = await res.json();

      expect(res.status).toBe(201);
      expect(event).toMatchObject({ httpMethod: 'POST', body: '{"name":"Ada"}', isBase64Encoded: false });
    });

    it('passes a binary body base64-encoded', async () => {
      const bytes = Buffer.from([0, 159, 146, 150, 255]);

      const res = await fetch(`${gateway.url}/api/echo/upload`, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: bytes });
      const event = await res.json();

      expect(event).toMatchObject({ body: bytes.toString('base64'), isBase64Encoded: true });
    });

    it('decodes a base64 handler response', async () => {
      const res = await fetch(`${gateway.url}/api/echo/binary`);

      expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from([0, 1, 2, 255]));
    });

    it('answers 502 and logs when the handler throws', async () => {
      const res = await fetch(`${gateway.url}/api/broken/x`);

      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ message: 'Internal server error' });
      expect(logged.some((m) => m.includes('Broken'))).toBe(true);
    });

    it('answers 404 with detail for a path no context serves', async () => {
      const res = await fetch(`${gateway.url}/api/nothing/here`);

      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: expect.stringContaining('/api/nothing') });
    });

    it('refuses a body over 10 MB with 413', async () => {
      const res = await fetch(`${gateway.url}/api/echo/big`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(10 * 1024 * 1024 + 1) });

      expect(res.status).toBe(413);
    });
  });
});

describe('startGateway without a built SPA', () => {
  it('answers 503 telling to run npm run build:web', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'gateway-empty-'));
    const gateway = await startGateway({ projectRoot, webDist: empty, apiContexts, websocket: WEBSOCKET, log: () => undefined });
    try {
      const res = await fetch(`${gateway.url}/`, { headers: html });

      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build:web');
    } finally {
      await gateway.stop();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
