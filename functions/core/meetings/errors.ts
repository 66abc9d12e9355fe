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
