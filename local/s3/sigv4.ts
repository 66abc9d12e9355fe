import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { S3Error } from './xml.js';

export interface Credentials { readonly accessKeyId: string; readonly secretAccessKey: string }

/** What the verifier needs of a request: method, the raw path+query as sent, and its headers. */
export interface SignedRequest {
  readonly method: string;
  /** Path and query exactly as received (still percent-encoded). */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** Query parameters of a presigned URL; the front removes them before the request goes on to s3rver. */
export const PRESIGN_PARAMS = new Set([
  'x-amz-algorithm', 'x-amz-credential', 'x-amz-date', 'x-amz-expires', 'x-amz-signedheaders', 'x-amz-signature', 'x-amz-security-token',
]);

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3 refuses header-signed requests whose time is more than 15 minutes off. */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** S3's longest presigned URL lifetime: 7 days. */
const MAX_EXPIRES_SECONDS = 604_800;

const accessDenied = (message = 'Access Denied') => new S3Error('AccessDenied', message, 403);
const mismatch = () => new S3Error('SignatureDoesNotMatch',
  'The request signature we calculated does not match the signature you provided. Check your key and signing method.', 403);

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** The SigV4 signing key of a secret for one day, region and service. */
export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

// RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone).
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function decode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, '%20'));
  } catch {
    throw new S3Error('InvalidArgument', 'Malformed query string.', 400);
  }
}

/** Raw `name=value` pairs of a query string, decoded. */
function queryPairs(query: string): Array<[string, string]> {
  if (query === '') return [];
  return query.split('&').filter((part) => part !== '').map((part) => {
    const at = part.indexOf('=');
    return at < 0 ? [decode(part), ''] : [decode(part.slice(0, at)), decode(part.slice(at + 1))];
  });
}

function canonicalQuery(pairs: Array<[string, string]>): string {
  return pairs.map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`).join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ');
}

/** Parses `Credential=AKID/20260101/us-east-1/s3/aws4_request` and checks the key id is ours. */
function parseScope(credential: string, credentials: Credentials) {
  const [accessKeyId, date, region, service, terminator, ...rest] = credential.split('/');
  if (!accessKeyId || !/^\d{8}$/.test(date ?? '') || !region || !service || terminator !== 'aws4_request' || rest.length > 0) {
    throw accessDenied(`Invalid credential: ${credential}`);
  }
  if (!safeEqual(accessKeyId, credentials.accessKeyId)) {
    throw new S3Error('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', 403);
  }
  return { date: date!, region: region!, service: service!, scope: `${date}/${region}/${service}/aws4_request` };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `20260101T000000Z` as epoch ms; NaN when malformed. */
function amzTime(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : Number.NaN;
}

/**
 * What a service signs besides S3's rules: its signing name, and (for the JSON and REST services other than S3)
 * the SHA-256 of the body the request carried, which those clients sign without an x-amz-content-sha256 header.
 */
export interface SigningScope {
  readonly service: string;
  /** Hex SHA-256 of the received body; when given it is what the signature must cover (non-S3 services). */
  readonly bodySha256?: string;
}
const S3_SCOPE: SigningScope = { service: 's3' };

/** Hex SHA-256 of a request body, for SigningScope.bodySha256. */
export const bodySha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/**
 * Verifies the AWS Signature Version 4 of an S3 request (or, with `scope`, of another service's request), signed in the Authorization header or as a
 * presigned URL, against `credentials`: key id, scope, time (15 minutes' skew for headers, expiry for
 * URLs) and the signature over the canonical request. An unsigned request is refused. Throws S3Error
 * (AccessDenied, InvalidAccessKeyId, SignatureDoesNotMatch, InvalidArgument); returns nothing when valid.
 *
 * Not checked (as documented in docs/security.md): that the body matches a hex x-amz-content-sha256,
 * and the per-chunk signatures of aws-chunked uploads (the seed signature over the headers is checked).
 */
export function verifySigV4(request: SignedRequest, credentials: Credentials, now: Date = new Date(), scope: SigningScope = S3_SCOPE): void {
  const at = request.url.indexOf('?');
  const path = at < 0 ? request.url : request.url.slice(0, at);
  const pairs = queryPairs(at < 0 ? '' : request.url.slice(at + 1));
  const lower = new Map(pairs.map(([k, v]) => [k.toLowerCase(), v]));
  const authorization = headerValue(request.headers, 'authorization');
  const presigned = lower.has('x-amz-algorithm');
  if (authorization && presigned) {
    throw new S3Error('InvalidArgument', 'Only one auth mechanism allowed', 400);
  }

  let credential: string;
  let signedHeaders: string;
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  let queryForSigning = pairs;
  if (presigned) {
    if (lower.get('x-amz-algorithm') !== ALGORITHM) throw accessDenied('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
    credential = lower.get('x-amz-credential') ?? '';
    signedHeaders = lower.get('x-amz-signedheaders') ?? '';
    signature = lower.get('x-amz-signature') ?? '';
    amzDate = lower.get('x-amz-date') ?? '';
    const expires = Number(lower.get('x-amz-expires'));
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) throw accessDenied('X-Amz-Expires must be between 1 and 604800 seconds');
    const signedAt = amzTime(amzDate);
    if (Number.isNaN(signedAt)) throw accessDenied('X-Amz-Date is malformed');
    if (now.getTime() > signedAt + expires * 1000) throw accessDenied('Request has expired');
    if (signedAt - now.getTime() > MAX_SKEW_MS) throw accessDenied('Request is not yet valid');
    payloadHash = scope.bodySha256 ?? lower.get('x-amz-content-sha256') ?? 'UNSIGNED-PAYLOAD';
    queryForSigning = pairs.filter(([k]) => k.toLowerCase() !== 'x-amz-signature');
  } else if (authorization) {
    const m = /^AWS4-HMAC-SHA256 (.+)$/.exec(authorization);
    if (!m) throw accessDenied('Unsupported authorization type');
    const parts = new Map(m[1].split(',').map((p) => p.trim().split('=', 2) as [string, string]));
    credential = parts.get('Credential') ?? '';
    signedHeaders = parts.get('SignedHeaders') ?? '';
    signature = parts.get('Signature') ?? '';
    amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
    const signedAt = amzTime(amzDate);
    if (Number.isNaN(signedAt)) throw accessDenied('AWS authentication requires a valid x-amz-date header');
    if (Math.abs(now.getTime() - signedAt) > MAX_SKEW_MS) {
      throw new S3Error('RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.', 403);
    }
    payloadHash = scope.bodySha256 ?? headerValue(request.headers, 'x-amz-content-sha256') ?? '';
    if (payloadHash === '') throw new S3Error('InvalidRequest', 'Missing required header for this request: x-amz-content-sha256', 400);
  } else {
    throw accessDenied();
  }

  const { date, region, service, scope: credentialScope } = parseScope(credential, credentials);
  if (service !== scope.service) throw accessDenied(`Credential should be scoped to a valid service: ${service}`);
  if (!amzDate.startsWith(date)) throw accessDenied('Date in Credential scope does not match the request date');
  const names = signedHeaders.split(';').filter((n) => n !== '');
  if (!names.includes('host') || names.some((n) => n !== n.toLowerCase())) throw accessDenied('Host must be a signed header');
  const canonicalHeaders = names.map((name) => `${name}:${headerValue(request.headers, name) ?? ''}\n`).join('');
  // Every service but S3 signs the already-encoded path encoded once more (the SDK's uriEscapePath).
  const canonicalPath = scope.service === 's3' ? path || '/' : encode(path || '/').replace(/%2F/g, '/');
  const canonicalRequest = [request.method.toUpperCase(), canonicalPath, canonicalQuery(queryForSigning), canonicalHeaders, names.join(';'),
    payloadHash].join('\n');
  const stringToSign = [ALGORITHM, amzDate, credentialScope, sha256Hex(canonicalRequest)].join('\n');
  const expected = createHmac('sha256', signingKey(credentials.secretAccessKey, date, region, service)).update(stringToSign, 'utf8').digest('hex');
  if (!/^[0-9a-f]{64}$/i.test(signature) || !safeEqual(signature.toLowerCase(), expected)) throw mismatch();
}

const RESPONSE_OVERRIDES = new Set([
  'response-content-type', 'response-content-language', 'response-expires', 'response-cache-control',
  'response-content-disposition', 'response-content-encoding',
]);

/**
 * Splits a verified request URL into what s3rver serves as an anonymous request (without the presigned-URL
 * parameters, and without the response-* overrides that s3rver refuses on anonymous GETs) and the response
 * headers those overrides ask for, which the front sets itself.
 */
export function forAnonymousUpstream(url: string): { url: string; overrides: Record<string, string> } {
  const at = url.indexOf('?');
  if (at < 0) return { url, overrides: {} };
  const overrides: Record<string, string> = {};
  const kept = url.slice(at + 1).split('&').filter((part) => {
    const eq = part.indexOf('=');
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(eq < 0 ? part : part.slice(0, eq)).toLowerCase();
      value = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, '%20'));
    } catch {
      return true;
    }
    if (RESPONSE_OVERRIDES.has(name)) {
      overrides[name.slice('response-'.length)] = value;
      return false;
    }
    return !PRESIGN_PARAMS.has(name);
  });
  return { url: kept.length > 0 ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at), overrides };
}
