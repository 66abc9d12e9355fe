import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPostOptions } from '@aws-sdk/s3-presigned-post';
import { sizeError, substituteFilename, verifyPostPolicy } from '../../../local/s3/post-policy.js';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const Bucket = 'media';
// The SDK signs offline: the endpoint is never contacted.
const signer = new S3Client({ endpoint: 'http://127.0.0.1:9', forcePathStyle: true, region: 'eu-west-1', credentials });

async function signedFields(options: Partial<PresignedPostOptions> = {}): Promise<Map<string, string>> {
  const { fields } = await createPresignedPost(signer, { Bucket, Key: 'uploads/a.webm', Expires: 60, ...options });
  return new Map(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]));
}

const verify = (fields: Map<string, string>, overrides: Partial<Parameters<typeof verifyPostPolicy>[0]> = {}) =>
  verifyPostPolicy({ bucket: Bucket, fields, credentials, now: new Date(), ...overrides });

describe('verifyPostPolicy', () => {
  afterAll(() => signer.destroy());

  it('accepts fields signed by the SDK in any region and returns the content-length-range', async () => {
    const fields = await signedFields({ Conditions: [['content-length-range', 5, 500]] });

    expect(verify(fields)).toEqual({ sizeRange: { min: 5, max: 500 }, expiresAt: expect.any(Number) });
  });

  it('rejects a post to another bucket than the signed one', async () => {
    const fields = await signedFields();

    expect(() => verify(fields, { bucket: 'other' })).toThrow('Policy Condition failed: ["eq", "$bucket", "media"]');
  });

  it('checks every comma-separated Content-Type against starts-with', async () => {
    const fields = await signedFields({ Conditions: [['starts-with', '$Content-Type', 'audio/']] });

    expect(() => verify(new Map(fields).set('content-type', 'audio/webm, audio/ogg'))).not.toThrow();
    expect(() => verify(new Map(fields).set('content-type', 'audio/webm, text/html'))).toThrow('Policy Condition failed');
  });

  it('fails an eq condition on a field the form left out', async () => {
    const fields = await signedFields({ Conditions: [['eq', '$x-amz-meta-meeting', 'm-1']] });

    expect(() => verify(fields)).toThrow('Policy Condition failed: ["eq", "$x-amz-meta-meeting", "m-1"]');
  });

  it('rejects an access key it does not know', async () => {
    const fields = await signedFields();
    fields.set('x-amz-credential', fields.get('x-amz-credential')!.replace('S3RVER', 'AKIAOTHER'));

    expect(() => verify(fields)).toThrow(expect.objectContaining({ code: 'InvalidAccessKeyId', status: 403 }));
  });

  it('rejects another signing algorithm', async () => {
    const fields = await signedFields();
    fields.set('x-amz-algorithm', 'AWS4-HMAC-SHA1');

    expect(() => verify(fields)).toThrow(expect.objectContaining({ code: 'InvalidArgument', status: 400 }));
  });

  it('rejects a form without a policy as anonymous', () => {
    expect(() => verify(new Map([['key', 'a']]))).toThrow(expect.objectContaining({ code: 'AccessDenied', status: 403 }));
  });

  it('treats a policy as expired from its expiration instant on', async () => {
    const fields = await signedFields({ Expires: 60 });
    const { expiration } = JSON.parse(Buffer.from(fields.get('policy')!, 'base64').toString());

    expect(() => verify(fields, { now: new Date(Date.parse(expiration) - 1000) })).not.toThrow();
    expect(() => verify(fields, { now: new Date(expiration) })).toThrow('Policy expired.');
  });
});

describe('sizeError', () => {
  it('names the bound a size breaks, and nothing within the range', () => {
    const range = { min: 1, max: 10 };

    expect([0, 1, 10, 11].map((size) => sizeError(size, range)?.code)).toEqual(['EntityTooSmall', undefined, undefined, 'EntityTooLarge']);
    expect(sizeError(10 ** 9, undefined)).toBeUndefined();
  });
});

describe('substituteFilename', () => {
  it('replaces every ${filename} with the uploaded file name', () => {
    expect(substituteFilename('u/${filename}/${filename}', 'a b.webm')).toBe('u/a b.webm/a b.webm');
  });
});
