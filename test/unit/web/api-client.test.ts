import { jest } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createApiClient, SERVICE_UNAVAILABLE } from '../../../web/src/api/api-client.js';

interface Seen { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }

describe('createApiClient', () => {
  let server: http.Server;
  let baseUrl: string;
  let seen: Seen;
  let reply: { status: number; type?: string; body: string };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen = { method: req.method, url: req.url, headers: req.headers, body };
        res.writeHead(reply.status, reply.type ? { 'content-type': reply.type } : {});
        res.end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a JSON body with the bearer token and returns the parsed JSON answer', async () => {
    reply = { status: 201, type: 'application/json', body: '{"access":"a","refresh":"r"}' };
    const request = createApiClient({ baseUrl, getToken: () => 'tok-1' });

    const data = await request('/api/users/x/', { method: 'POST', json: { email: 'a@b.c' } });

    expect(data).toEqual({ access: 'a', refresh: 'r' });
    expect(seen.method).toBe('POST');
    expect(seen.headers.authorization).toBe('Bearer tok-1');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.body)).toEqual({ email: 'a@b.c' });
  });

  it('sends a form-encoded body and no token when auth is false', async () => {
    reply = { status: 200, type: 'application/json', body: '{}' };
    const request = createApiClient({ baseUrl, getToken: () => 'tok-1' });

    await request('/api/users/7/', { method: 'PUT', form: { first_name: 'Ada Mae', company: 'A&B' }, auth: false });

    expect(seen.method).toBe('PUT');
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(seen.body).get('company')).toBe('A&B');
    expect(new URLSearchParams(seen.body).get('first_name')).toBe('Ada Mae');
  });

  it('throws an ApiError with the field messages of a JSON error body', async () => {
    reply = { status: 400, type: 'application/json', body: '{"username":["A user with that username already exists."]}' };
    const request = createApiClient({ baseUrl, getToken: () => undefined });

    const error = await request('/api/users/', { method: 'POST', json: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, data: { username: ['A user with that username already exists.'] } });
  });

  it('throws an ApiError carrying a plain-text error body as a string', async () => {
    reply = { status: 429, type: 'text/plain', body: 'Too many attempts.' };
    const request = createApiClient({ baseUrl, getToken: () => undefined });

    const error = await request('/api/users/start_email_verification/', { method: 'POST', json: {} }).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 429, data: 'Too many attempts.' });
  });

  it('maps a request that gets no response to 503 Service Unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const request = createApiClient({ baseUrl: deadUrl, getToken: () => undefined });

    const error = await request('/api/health/').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, data: SERVICE_UNAVAILABLE });
  });

  it('reports a 401 to an authenticated call as the end of the session', async () => {
    reply = { status: 401, type: 'application/json', body: '{"detail":"Token expired"}' };
    const onUnauthorized = jest.fn();
    const request = createApiClient({ baseUrl, getToken: () => 'old', onUnauthorized });

    await expect(request('/api/users/')).rejects.toMatchObject({ status: 401 });

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not end the session when a call without a token answers 401', async () => {
    reply = { status: 401, type: 'application/json', body: '{}' };
    const onUnauthorized = jest.fn();
    const request = createApiClient({ baseUrl, getToken: () => undefined, onUnauthorized });

    await expect(request('/api/auth/token/obtain/', { method: 'POST', json: {} })).rejects.toMatchObject({ status: 401 });

    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
