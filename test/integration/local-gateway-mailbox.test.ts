import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { WEBSOCKET } from '../../lib/definitions/api.js';
import { startGateway, type Gateway } from '../../local/gateway/index.js';
import { startLocalMail, type LocalMail } from '../../local/mail/index.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('startGateway with a mailbox', () => {
  let dir: string;
  let mail: LocalMail;
  let gateway: Gateway;
  let ses: SESv2Client;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-mail-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    mail = await startLocalMail({ dataDir: dir, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    gateway = await startGateway({ projectRoot, webDist: dir, apiContexts: [], websocket: WEBSOCKET, mailbox: mail.mailbox, log: () => undefined });
    ses = new SESv2Client({ region: 'us-east-1', endpoint: mail.endpoint, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const send = (subject: string, content: { Text?: { Data: string }; Html?: { Data: string } }) => ses.send(new SendEmailCommand({
      FromEmailAddress: 'no-reply@meetscribe.test', Destination: { ToAddresses: ['ada@example.com'] },
      Content: { Simple: { Subject: { Data: subject }, Body: content } },
    }));
    await send('Verify your <email>', { Text: { Data: 'Open https://app.test/verify?code=1&u=ada to continue' } });
    await send('Notes ready', { Html: { Data: '<p>Read <a href="https://app.test/m/7">the notes</a><script>alert(1)</script></p>' } });
  });
  afterAll(async () => {
    ses.destroy();
    await gateway.stop();
    await mail.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('lists sent mail newest first in /dev/mailbox.json', async () => {
    const res = await fetch(`${gateway.url}/dev/mailbox.json`);
    const messages = await res.json();

    expect(res.headers.get('content-type')).toBe('application/json');
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Notes ready', 'Verify your <email>']);
    expect(messages[1]).toMatchObject({ from: 'no-reply@meetscribe.test', to: ['ada@example.com'], text: expect.stringContaining('https://app.test/verify') });
  });

  it('renders /dev/mailbox with escaped text, clickable links and sandboxed HTML bodies', async () => {
    const res = await fetch(`${gateway.url}/dev/mailbox`);
    const page = await res.text();

    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.indexOf('Notes ready')).toBeLessThan(page.indexOf('Verify your'));
    expect(page).toContain('Verify your &lt;email&gt;');
    expect(page).toContain('<a href="https://app.test/verify?code=1&amp;u=ada" target="_blank"');
    expect(page).toMatch(/<iframe sandbox="[^"]*" [^>]*srcdoc="[^"]*&lt;a href=&quot;https:\/\/app\.test\/m\/7&quot;/);
    expect(page).not.toContain('<script>alert(1)</script>');
  });
});
