import type { IncomingHttpHeaders } from 'node:http';
import { bodySha256, verifySigV4, type Credentials } from '../s3/sigv4.js';
import { S3Error } from '../s3/xml.js';

export type { Credentials } from '../s3/sigv4.js';

/** The refusal of a request that is not signed with the run's key pair, in the AWS JSON error vocabulary. */
export interface AuthRefusal {
  readonly status: number;
  readonly type: 'MissingAuthenticationTokenException' | 'UnrecognizedClientException' | 'InvalidSignatureException' | 'AccessDeniedException'
    | 'ValidationException';
  readonly message: string;
}

/** S3's error codes as the JSON services name the same refusals. */
const JSON_TYPES: Record<string, AuthRefusal['type']> = {
  AccessDenied: 'AccessDeniedException',
  InvalidAccessKeyId: 'UnrecognizedClientException',
  SignatureDoesNotMatch: 'InvalidSignatureException',
  RequestTimeTooSkewed: 'InvalidSignatureException',
};

/**
 * Checks that a request to an embedded AWS endpoint (DynamoDB, Secrets Manager, Step Functions, SES,
 * Transcribe, Textract, Comprehend) carries a valid SigV4 signature made with `credentials` for `service`
 * (its signing name: `dynamodb`, `secretsmanager`, `states`, `ses`, …) over this very body; the same
 * verifier the local S3 uses. Returns the refusal to answer (403 for unsigned, another key or a wrong
 * signature), or undefined when the request may be served.
 */
export function refuseUnsigned(
  request: { method?: string; url?: string; headers: IncomingHttpHeaders },
  body: Buffer,
  credentials: Credentials,
  service: string,
): AuthRefusal | undefined {
  if (!request.headers.authorization && !/[?&]x-amz-signature=/i.test(request.url ?? '')) {
    return { status: 403, type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  }
  try {
    verifySigV4({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers }, credentials, new Date(), { service,
      bodySha256: bodySha256(body) });
    return undefined;
  } catch (error) {
    if (!(error instanceof S3Error)) throw error;
    const status = error.status === 400 ? 400 : 403;
    return { status, type: JSON_TYPES[error.code] ?? (status === 400 ? 'ValidationException' : 'AccessDeniedException'), message: error.message };
  }
}
