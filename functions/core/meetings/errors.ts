import { DomainError } from '../errors.js';

/** 400 with `{detail}`: a request that is well-formed but cannot be served in the meeting's state. */
export class BadRequest extends DomainError {
  readonly name = 'BadRequest';
  readonly statusCode = 400;
  body(): unknown { return { detail: this.message }; }
}

/** 403 with a plain-text body, as the SPA shows the upload refusal text verbatim (spec §5, §8). */
export class MinutesUsedUp extends DomainError {
  readonly name = 'MinutesUsedUp';
  readonly statusCode = 403;
  body(): unknown { return this.message; }
}

/**
 * 503 with `{detail}`: access was granted but some invitation e-mails could not be sent. Sharing again
 * is safe (access is idempotent); the recipients who were mailed get the mail again.
 */
export class InvitationsNotSent extends DomainError {
  readonly name = 'InvitationsNotSent';
  readonly statusCode = 503;
  constructor(readonly recipients: readonly string[]) {
    super(`The meeting was shared, but the invitation e-mail could not be sent to ${recipients.join(', ')}. Please try again later.`);
  }
  body(): unknown { return { detail: this.message }; }
}
