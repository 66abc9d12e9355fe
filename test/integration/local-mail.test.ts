import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BadRequestException, GetAccountCommand, SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { startLocalMail, type LocalMail } from '../../local/mail/index.js';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const clientFor = (mail: LocalMail) => new SESv2Client({ region: 'us-east-1', endpoint: mail.endpoint, credentials });

describe('startLocalMail', () => {
  let dataDir: string;
  let mail: LocalMail;
  let ses: SESv2Client;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'local-mail-'));
    mail = await startLocalMail({ dataDir, credentials });
    ses = clientFor(mail);
  });
  afterAll(async () => {
    ses.destroy();
    await mail.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a simple SendEmail and returns its MessageId', async () => {
    const sent = await ses.send(new SendEmailCommand({
      FromEmailAddress: 'MeetScribe <no-reply@meetscribe.test>',
      Destination: { ToAddresses: ['ada@example.com'], CcAddresses: ['bob@example.com'], BccAddresses: ['audit@example.com'] },
      ReplyToAddresses: ['support@meetscribe.test'],
      Content: { Simple: { Subject: { Data: 'Your notes are ready' }, Body: { Text: { Data: 'See https://app.test/m/1' }, Html: { Data: '<p>See <a href="https://app.test/m/1">notes</a></p>' } } } },
    }));

    const stored = await mail.mailbox.get(sent.MessageId!);
    expect(stored).toEqual({
      id: sent.MessageId, receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      from: 'MeetScribe <no-reply@meetscribe.test>', to: ['ada@example.com'], cc: ['bob@example.com'], bcc: ['audit@example.com'],
      replyTo: ['support@meetscribe.test'], subject: 'Your notes are ready',
      text: 'See https://app.test/m/1', html: '<p>See <a href="https://app.test/m/1">notes</a></p>',
    });
  });

  it('parses a raw MIME message with text and html parts', async () => {
    const raw = [
      'From: Sender <sender@meetscribe.test>', 'To: ada@example.com, Bob <bob@example.com>', 'Subject: =?UTF-8?B?UsOpc3Vtw6k=?=',
      'MIME-Version: 1.0', 'Content-Type: multipart/alternative; boundary="b1"', '',
      '--b1', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable', '', 'Caf=C3=A9 time', '',
      '--b1', 'Content-Type: text/html; charset=utf-8', '', '<b>Café</b>', '--b1--', '',
    ].join('\r\n');

    const sent = await ses.send(new SendEmailCommand({ Content: { Raw: { Data: Buffer.from(raw) } } }));

    const stored = await mail.mailbox.get(sent.MessageId!);
    expect(stored).toMatchObject({ from: 'sender@meetscribe.test', to: ['ada@example.com', 'bob@example.com'], subject: 'Résumé' });
    expect(stored?.html?.trim()).toBe('<b>Café</b>');
    expect(stored?.text?.trim()).toBe('Café time');
  });

  it('rejects a message without recipients with BadRequestException', async () => {
    const send = ses.send(new SendEmailCommand({
      FromEmailAddress: 'no-reply@meetscribe.test',
      Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'y' } } } },
    }));

    await expect(send).rejects.toBeInstanceOf(BadRequestException);
    await expect(send).rejects.toThrow(/Destination/);
  });

  it('rejects a message without a sender with BadRequestException', async () => {
    const send = ses.send(new SendEmailCommand({
      Destination: { ToAddresses: ['ada@example.com'] },
      Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'y' } } } },
    }));

    await expect(send).rejects.toThrow(expect.objectContaining({ name: 'BadRequestException', message: expect.stringMatching(/FromEmailAddress/) }));
  });

  it('answers GetAccount as an enabled production account', async () => {
    const account = await ses.send(new GetAccountCommand({}));

    expect(account).toMatchObject({ SendingEnabled: true, ProductionAccessEnabled: true, SendQuota: { SentLast24Hours: 2 } });
  });

  it('lists messages newest first and keeps them across a restart', async () => {
    const last = await ses.send(new SendEmailCommand({
      FromEmailAddress: 'no-reply@meetscribe.test', Destination: { ToAddresses: ['ada@example.com'] },
      Content: { Simple: { Subject: { Data: 'third' }, Body: { Text: { Data: '3' } } } },
    }));
    await mail.stop();

    mail = await startLocalMail({ dataDir, credentials });
    const listed = await mail.mailbox.list();

    expect(listed.map((m) => m.subject)).toEqual(['third', 'Résumé', 'Your notes are ready']);
    expect(listed[0].id).toBe(last.MessageId);
    expect((await readdir(path.join(dataDir, 'mailbox'))).every((name) => name.endsWith('.json'))).toBe(true);
  });
});
