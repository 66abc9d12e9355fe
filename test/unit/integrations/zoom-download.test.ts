/**
 * Issue 28 item 3 (SSRF): the Zoom import fetches only from Zoom's download hosts (zoom.us, zoomgov.com and their
 * subdomains over https, plus the configured Zoom base: here a loopback "Zoom"), refuses redirects off them and
 * never sends the bearer token anywhere else. Real loopback listeners: the one playing the attacker must receive nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isTrustedDownload, UntrustedDownload, ZOOM_DOWNLOAD_DOMAINS } from '../../../functions/core/integrations/download-hosts.js';
import { zoomApi } from '../../../functions/adapters/integrations/zoom.js';
import type { ProviderRecording } from '../../../functions/core/integrations/recordings.js';

interface Listener { url: string; requests: Array<{ url: string; authorization?: string }>; close(): Promise<void> }

async function listen(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Listener> {
  const requests: Listener['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const collect = async (chunks: AsyncIterable<Uint8Array>) => {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts).toString('utf8');
};

describe('isTrustedDownload', () => {
  const trusted = { domains: ZOOM_DOWNLOAD_DOMAINS, origins: ['http://127.0.0.1:4567'] };
  it.each([
    ['https://zoom.us/rec/download/abc', true],
    ['https://us02web.zoom.us/rec/download/abc', true],
    ['https://ssrweb.zoom.us/replay/abc.mp4?sig=1', true],
    ['https://zoomgov.com/rec/download/abc', true],
    ['http://127.0.0.1:4567/rec/download/abc', true],
    ['http://zoom.us/rec/download/abc', false],
    ['https://zoom.us.evil.example/rec/download/abc', false],
    ['https://evilzoom.us/rec/download/abc', false],
    ['https://user:pw@zoom.us/rec/download/abc', false],
    ['https://zoom.us:8443/rec/download/abc', false],
    ['http://127.0.0.1:4568/rec/download/abc', false],
    ['http://169.254.169.254/latest/meta-data/', false],
    ['file:///etc/passwd', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isTrustedDownload(url, trusted)).toBe(expected);
  });
});

describe('the Zoom recording source', () => {
  let attacker: Listener;
  let zoom: Listener;
  let api: ReturnType<typeof zoomApi>;
  const token = 'zoom-user-token';

  beforeEach(async () => {
    attacker = await listen((_req, res) => res.writeHead(200, { 'content-type': 'audio/mp4' }).end('stolen'));
    zoom = await listen((req, res) => {
      if (req.url === '/rec/download/good') return void res.writeHead(302, { location: '/cdn/good' }).end();
      if (req.url === '/cdn/good') return void res.writeHead(200, { 'content-type': 'audio/mp4' }).end('recording bytes');
      if (req.url === '/rec/download/off') return void res.writeHead(302, { location: `${attacker.url}/cdn/off` }).end();
      if (req.url?.startsWith('/v2/meetings/')) {
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          uuid: 'abc==', topic: 'From the API', recording_files: [{ id: 'f1', file_type: 'M4A', download_url: `${zoom.url}/rec/download/good`, status: 'completed' }],
        }));
      }
      res.writeHead(404).end();
    });
    api = zoomApi({ oauthBase: zoom.url, apiBase: `${zoom.url}/v2`, credentials: async () => ({ clientId: 'id', clientSecret: 'secret', webhookSecret: 'hook' }) }, async () => token);
  });
  afterEach(async () => {
    await attacker.close();
    await zoom.close();
  });

  const file = (downloadUrl: string) => ({ id: 'f1', fileType: 'M4A', downloadUrl });

  it('downloads from the Zoom host, following its redirect on the same host', async () => {
    expect(await collect(await api.source.open('u1', file(`${zoom.url}/rec/download/good`)))).toBe('recording bytes');
    expect(zoom.requests.map((r) => r.authorization)).toEqual([`Bearer ${token}`, `Bearer ${token}`]);
  });

  it('refuses a download URL on another host and sends it nothing', async () => {
    await expect(api.source.open('u1', file(`${attacker.url}/rec/download/x`))).rejects.toBeInstanceOf(UntrustedDownload);
    expect(attacker.requests).toEqual([]);
  });

  it('refuses a redirect off the Zoom host before following it, so the token never leaves', async () => {
    await expect(api.source.open('u1', file(`${zoom.url}/rec/download/off`))).rejects.toBeInstanceOf(UntrustedDownload);
    expect(attacker.requests).toEqual([]);
  });

  it('ignores a webhook\'s links on another host and asks Zoom\'s API where the files are', async () => {
    const hint: ProviderRecording = { service: 'zoom', recordingId: 'abc==', topic: 'Hinted', startTime: '', durationSeconds: 60, files: [file(`${attacker.url}/rec/download/x`)] };
    const recording = await api.source.recording('u1', 'abc==', hint);
    expect(recording.topic).toBe('From the API');
    expect(recording.files.map((f) => f.downloadUrl)).toEqual([`${zoom.url}/rec/download/good`]);
    expect(attacker.requests).toEqual([]);
  });
});
