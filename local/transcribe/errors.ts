/** An error answered as `{__type, Message}` with HTTP 400 (or `status`). */
export class TranscribeError extends Error {
  constructor(readonly type: 'BadRequestException' | 'ConflictException' | 'NotFoundException' | 'LimitExceededException' | 'InternalFailureException' | 'UnknownOperationException', message: string, readonly status = 400) {
    super(message);
    this.name = type;
  }
}
