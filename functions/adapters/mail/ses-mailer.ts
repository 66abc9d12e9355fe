import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { Mailer } from '../../core/accounts/ports.js';

/** Sends plain-text e-mail through SES v2 from the configured sender. Throws what SendEmail throws. */
export function createSesMailer(client: SESv2Client, from: string): Mailer {
  return {
    async send({ to, subject, text }) {
      await client.send(new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [to] },
        Content: { Simple: { Subject: { Data: subject, Charset: 'UTF-8' }, Body: { Text: { Data: text, Charset: 'UTF-8' } } } },
      }));
    },
  };
}
