/**
 * Domain errors. Core code throws these; one middleware (functions/api/http/error-mapping.ts)
 * turns them into the 4xx bodies the spec expects. Anything else becomes a logged, generic 500.
 */
export type FieldErrors = Record<string, string[]>;

export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  /** Response body; a string is sent as text, an object as JSON. */
  abstract body(): unknown;
  /** Response headers the answer needs (Retry-After, Allow). */
  headers(): Record<string, string> { return {}; }
}

/** 400 with `{field: [messages]}` (or `{non_field_errors: [...]}`). */
export class ValidationFailed extends DomainError {
  readonly name = 'ValidationFailed';
  readonly statusCode = 400;
  constructor(readonly fields: FieldErrors) {
    super(Object.values(fields).flat()[0] ?? 'Invalid request.');
  }
  static nonField(message: string): ValidationFailed {
    return new ValidationFailed({ non_field_errors: [message] });
  }
  body(): unknown { return this.fields; }
}

/** A 4xx whose body is `{detail: message}` (spec §8); contexts derive their own errors from it. */
export abstract class DetailError extends DomainError {
  body(): unknown { return { detail: this.message }; }
}

export class Unauthenticated extends DetailError {
  readonly name = 'Unauthenticated';
  readonly statusCode = 401;
  constructor(message = 'Authentication credentials were not provided or are invalid.') { super(message); }
}

export class Forbidden extends DetailError {
  readonly name = 'Forbidden';
  readonly statusCode = 403;
  constructor(message = 'You do not have permission to perform this action.') { super(message); }
}

/** 404. Also used for things the caller may not see, so their existence is not revealed. */
export class NotFound extends DetailError {
  readonly name = 'NotFound';
  readonly statusCode = 404;
  constructor(message = 'Not found.') { super(message); }
}

export class Conflict extends DetailError {
  readonly name = 'Conflict';
  readonly statusCode = 409;
}

export class PayloadTooLarge extends DetailError {
  readonly name = 'PayloadTooLarge';
  readonly statusCode = 413;
}

/** 429. The spec sends some of these as plain text, so the body shape is chosen by the thrower. */
export class TooManyRequests extends DomainError {
  readonly name = 'TooManyRequests';
  readonly statusCode = 429;
  /** `retryAfterSeconds`, when given, is sent as the Retry-After header. */
  constructor(message: string, private readonly plainText = false, readonly retryAfterSeconds?: number) { super(message); }
  body(): unknown { return this.plainText ? this.message : { detail: this.message }; }
  headers(): Record<string, string> {
    return this.retryAfterSeconds === undefined ? {} : { 'retry-after': String(Math.max(1, Math.ceil(this.retryAfterSeconds))) };
  }
}

/** 405: the path exists, the method does not; `allowed` lists the methods it serves (the Allow header). */
export class MethodNotAllowed extends DetailError {
  readonly name = 'MethodNotAllowed';
  readonly statusCode = 405;
  constructor(method: string, private readonly allowed: readonly string[]) { super(`Method ${method} not allowed.`); }
  headers(): Record<string, string> { return { allow: this.allowed.join(', ') }; }
}
