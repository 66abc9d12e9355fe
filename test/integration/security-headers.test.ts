import { AccountsHarness } from '../helpers/accounts-harness.js';

let api: AccountsHarness;
beforeAll(async () => { api = await AccountsHarness.start(); }, 120_000);
afterAll(async () => { await api?.stop(); }, 60_000);

describe('security headers of the local gateway (issue #19)', () => {
  it('sets CSP, nosniff, frame and referrer policies on the app, /api/* and the mailbox', async () => {
    for (const path of ['/', '/auth/login', '/api/health/', '/api/users/', '/api/nothing-here/', '/dev/mailbox']) {
      const res = await fetch(`${api.edition.url}${path}`);
      await res.arrayBuffer();
      const csp = res.headers.get('content-security-policy') ?? '';
      expect([path, csp.includes("frame-ancestors 'none'"), csp.includes("default-src 'self'")]).toEqual([path, true, true]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // Plain http: no HSTS locally (the cloud's CloudFront policy adds it).
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  }, 60_000);

  it('lets the SPA upload to and play from the local S3 endpoint, and nothing else off-origin', async () => {
    const csp = (await fetch(`${api.edition.url}/`)).headers.get('content-security-policy')!;
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src'))!;
    expect(connect.split(' ').sort()).toEqual(["'self'", api.edition.endpoints.S3, 'connect-src'].sort());
    expect(csp).not.toContain("'unsafe-eval'");
  }, 60_000);
});
