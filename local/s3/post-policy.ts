import { createHmac, timingSafeEqual } from 'node:crypto';
import { S3Error } from './xml.js';

/** Bytes allowed for the uploaded file by a `content-length-range` condition. */
export interface SizeRange { readonly min: number; readonly max: number }

export interface PostPolicyInput {
  /** Bucket named by the URL the form was posted to. */
  readonly bucket: string;
  /** Form fields that preceded the file, names lower-cased. */
  readonly fields: ReadonlyMap<string, string>;
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  readonly now: Date;
}

type Condition = Record<string, unknown> | unknown[];

// Fields AWS never asks a condition for.
const EXEMPT = new Set(['file', 'policy', 'x-amz-signature']);

const denied = (why: string) => new S3Error('AccessDenied', `Invalid according to Policy: ${why}`, 403);
const invalidArgument = (message: string) => new S3Error('InvalidArgument', message, 400);
const invalidPolicy = (why: string) => new S3Error('InvalidPolicyDocument', `Invalid Policy: ${why}`, 400);

/**
 * Checks a browser POST the way S3 does: SigV4 signature of the policy, access key, expiry, every
 * condition, and that every form field is covered by one. Returns the size range to enforce on the file.
 * Throws S3Error (AccessDenied, SignatureDoesNotMatch, InvalidAccessKeyId, InvalidArgument, InvalidPolicyDocument).
 */
export function verifyPostPolicy(input: PostPolicyInput): { sizeRange?: SizeRange; expiresAt: number } {
  const { fields } = input;
  const policyBase64 = fields.get('policy');
  if (!policyBase64) throw new S3Error('AccessDenied', 'Access Denied', 403);
  verifySignature(policyBase64, fields, input.credentials);
  const policy = decodePolicy(policyBase64);
  if (Date.parse(policy.expiration) <= input.now.getTime()) throw denied('Policy expired.');
  const covered = new Set<string>();
  let sizeRange: SizeRange | undefined;
  for (const condition of policy.conditions) {
    const range = checkCondition(condition, input, covered);
    if (range) sizeRange = range;
  }
  const extra = [...fields.keys()].filter((name) => !EXEMPT.has(name) && !name.startsWith('x-ignore-') && !covered.has(name));
  if (extra.length > 0) throw denied(`Extra input fields: ${extra.join(', ')}`);
  return { sizeRange, expiresAt: Date.parse(policy.expiration) };
}

/** Replaces `${filename}` in a key as S3 does. */
export function substituteFilename(key: string, filename: string): string {
  return key.split('${filename}').join(filename);
}

/** The EntityTooSmall/EntityTooLarge error S3 answers when `size` is outside `range`, if it is. */
export function sizeError(size: number, range: SizeRange | undefined): S3Error | undefined {
  if (range && size > range.max) {
    return new S3Error('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', 400,
      { ProposedSize: size, MaxSizeAllowed: range.max });
  }
  if (range && size < range.min) {
    return new S3Error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', 400,
      { ProposedSize: size, MinSizeAllowed: range.min });
  }
  return undefined;
}

function verifySignature(
  policyBase64: string,
  fields: ReadonlyMap<string, string>,
  credentials: PostPolicyInput['credentials'],
): void {
  const algorithm = fields.get('x-amz-algorithm');
  if (algorithm !== 'AWS4-HMAC-SHA256') throw invalidArgument('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const credential = fields.get('x-amz-credential') ?? '';
  const [accessKeyId, date, region, service, terminator, ...rest] = credential.split('/');
  if (!accessKeyId || !/^\d{8}$/.test(date ?? '') || !region || service !== 's3' || terminator !== 'aws4_request' || rest.length) {
    throw invalidArgument(`Invalid X-Amz-Credential: ${credential}`);
  }
  if (accessKeyId !== credentials.accessKeyId) {
    throw new S3Error('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', 403);
  }
  const given = fields.get('x-amz-signature');
  if (!given) throw invalidArgument("Bucket POST must contain a field named 'X-Amz-Signature'.");
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date!), region), 's3'), 'aws4_request');
  const expected = Buffer.from(createHmac('sha256', signingKey).update(policyBase64, 'utf8').digest('hex'));
  const actual = Buffer.from(given.toLowerCase());
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new S3Error('SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.', 403);
  }
}

function decodePolicy(policyBase64: string): { expiration: string; conditions: Condition[] } {
  let policy: unknown;
  try {
    policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8'));
  } catch {
    throw invalidPolicy('Invalid JSON.');
  }
  const { expiration, conditions } = (policy ?? {}) as { expiration?: unknown; conditions?: unknown };
  if (typeof expiration !== 'string' || Number.isNaN(Date.parse(expiration))) throw invalidPolicy('Policy missing expiration.');
  if (!Array.isArray(conditions)) throw invalidPolicy('Policy missing conditions.');
  return { expiration, conditions: conditions as Condition[] };
}

/** Checks one condition; marks the fields it covers; returns a size range for content-length-range. */
function checkCondition(condition: Condition, input: PostPolicyInput, covered: Set<string>): SizeRange | undefined {
  const valueOf = (name: string) => (name === 'bucket' ? input.bucket : input.fields.get(name) ?? '');
  if (!Array.isArray(condition)) {
    if (typeof condition !== 'object' || condition === null) throw invalidPolicy('Invalid Policy condition.');
    for (const [rawName, expected] of Object.entries(condition)) {
      const name = rawName.toLowerCase();
      covered.add(name);
      if (valueOf(name) !== String(expected)) throw denied(`Policy Condition failed: ${formatCondition(['eq', `$${rawName}`, expected])}`);
    }
    return undefined;
  }
  const [op, subject, expected] = condition;
  const operator = String(op).toLowerCase();
  if (operator === 'content-length-range') {
    const min = Number(subject);
    const max = Number(expected);
    if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min) throw invalidPolicy('Invalid content-length-range.');
    return { min, max };
  }
  if (typeof subject !== 'string' || !subject.startsWith('$') || typeof expected !== 'string') {
    throw invalidPolicy(`Invalid Policy condition: ${formatCondition(condition)}`);
  }
  const name = subject.slice(1).toLowerCase();
  covered.add(name);
  const actual = valueOf(name);
  if (operator !== 'eq' && operator !== 'starts-with') throw invalidPolicy(`Invalid Policy condition operator: ${String(op)}`);
  const ok = operator === 'eq' ? actual === expected : startsWith(name, actual, expected);
  if (!ok) throw denied(`Policy Condition failed: ${formatCondition(condition)}`);
  return undefined;
}

// S3 checks each comma-separated Content-Type against a starts-with condition.
function startsWith(name: string, actual: string, prefix: string): boolean {
  const values = name === 'content-type' ? actual.split(',').map((v) => v.trim()) : [actual];
  return values.every((v) => v.startsWith(prefix));
}

function formatCondition(condition: unknown[]): string {
  return `[${condition.map((part) => JSON.stringify(part)).join(', ')}]`;
}
