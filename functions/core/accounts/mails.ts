import type { MailMessage } from './ports.js';

/** The e-mails the account flows send. Plain text keeps them readable in every client and in the local mailbox. */
export const accountMails = {
  verificationCode: (to: string, code: string, minutes: number): MailMessage => ({
    to,
    subject: `Your MeetScribe verification code: ${code}`,
    text: `Your MeetScribe verification code is ${code}.\n\nEnter it on the sign-up page within ${minutes} minutes. `
      + 'If you did not ask for it, you can ignore this e-mail.\n',
  }),
  alreadyRegistered: (to: string, appUrl: string): MailMessage => ({
    to,
    subject: 'You already have a MeetScribe account',
    text: `Someone (hopefully you) tried to sign up for MeetScribe with this e-mail address, which already has an account.\n\n`
      + `Sign in at ${appUrl}/auth/login, or reset your password at ${appUrl}/auth/requestResetPassword.\n`,
  }),
  passwordReset: (to: string, link: string, minutes: number): MailMessage => ({
    to,
    subject: 'Reset your MeetScribe password',
    text: `Use this link to choose a new MeetScribe password:\n\n${link}\n\nThe link works once and expires in ${minutes} minutes. `
      + 'If you did not ask for it, you can ignore this e-mail; your password stays as it is.\n',
  }),
};
