/**
 * ASL error names for task failures, shaped the way AWS Step Functions reports them.
 * The engine matches Retry/Catch on `error.name` and uses `error.message` as the Cause.
 */
export class TaskFailure extends Error {
  constructor(errorName: string, cause: string) {
    super(cause);
    this.name = errorName;
  }
}

/** A Lambda handler's thrown error as Step Functions sees it: Error = errorType, Cause = `{errorType, errorMessage}` JSON. */
export function lambdaFailure(thrown: unknown): TaskFailure {
  const errorType = thrown instanceof Error ? thrown.name || 'Error' : 'Error';
  const errorMessage = thrown instanceof Error ? thrown.message : String(thrown);
  return new TaskFailure(errorType, JSON.stringify({ errorType, errorMessage }));
}

/**
 * The service prefix Step Functions puts on aws-sdk integration errors, from the SDK's serviceId
 * (`DynamoDB` → `DynamoDb`, `ACM PCA` → `AcmPca`, `SESv2` → `SesV2`, `S3` → `S3`): PascalCase words, acronyms capitalised once.
 */
export function aslServiceName(serviceId: string): string {
  // A lowercase run before a digit is a version word (`SESv2`), not the tail of the acronym before it.
  const words = serviceId.match(/[A-Z]+(?=[a-z]+[0-9])|[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g) ?? [serviceId];
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase()).join('');
}

/** AWS always names aws-sdk errors with an `Exception` suffix, even when the service's own code lacks it (S3 `NoSuchKey`). */
export function withExceptionSuffix(errorName: string): string {
  return errorName.endsWith('Exception') ? errorName : `${errorName}Exception`;
}

interface SdkLikeError {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number; requestId?: string };
}

/** An SDK v3 error as an aws-sdk task failure: `<Service>.<Name>Exception`, or `<Service>.SdkClientException` when no service answered. */
export function sdkFailure(serviceName: string, thrown: unknown): TaskFailure {
  const error = (thrown ?? {}) as SdkLikeError;
  const message = error.message ?? String(thrown);
  if (!error.$metadata?.httpStatusCode || !error.name) {
    return new TaskFailure(`${serviceName}.SdkClientException`, message);
  }
  const { httpStatusCode, requestId = 'local' } = error.$metadata;
  return new TaskFailure(
    `${serviceName}.${withExceptionSuffix(error.name)}`,
    `${message} (Service: ${serviceName}, Status Code: ${httpStatusCode}, Request ID: ${requestId})`,
  );
}

/** A Step Functions API error; `name` is the `__type` the JSON protocol returns (e.g. `ExecutionAlreadyExists`). */
export class ApiError extends Error {
  constructor(type: string, message: string) {
    super(message);
    this.name = type;
  }
}
