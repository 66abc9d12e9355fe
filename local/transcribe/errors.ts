import type { AuthRefusal } from '../http/aws-auth.js';

/** An error answered as `{__type, Message}` with HTTP 400 (or `status`). */
export class TranscribeError extends Error {
  constructor(
    readonly type: 'BadRequestException' | 'ConflictException' | 'NotFoundException' | 'LimitExceededException' | 'InternalFailureException'
      | 'UnknownOperationException' | AuthRefusal['type'],
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = type;
  }
}
