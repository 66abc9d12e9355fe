import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPostOptions } from '@aws-sdk/s3-presigned-post';
import { MEDIA_BUCKET } from '../../lib/definitions/resources.js';
import { startLocalS3, type LocalS3, type ObjectCreatedEvent } from '../../local/s3/index.js';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const Bucket = MEDIA_BUCKET.localName;
const APP_ORIGIN = 'http://127.0.0.1:5173';

/** Posts a browser-style form: the signed fields, then the file last, as S3 requires. */
async function postForm(url: string, fields: Record<string, string>, file: Blob, filename: string): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, filename);
  return fetch(url, { method: 'POST', body: form, headers: { origin: APP_ORIGIN } });
}

const errorOf = async (res: Response) => {
  const xml = await res.text();
  const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
  return { status: res.status, code: tag('Code'), message: tag('Message') };
};

describe('local S3 presigned POST', () => {
  let dataDir: string;
  let s3: LocalS3;
  let client: S3Client;
  const events: ObjectCreatedEvent[] = [];

  const presign = (options: Partial<PresignedPostOptions> = {}, signer = client) => createPresignedPost(signer, {
    Bucket,
    Key: 'uploads/${filename}',
    Conditions: [['content-length-range', 1, 1024], ['starts-with', '$Content-Type', 'audio/']],
    // A fresh id per policy: two policies presigned alike in one second are one policy, which uploads once.
    Fields: { 'Content-Type': 'audio/webm', 'x-amz-meta-upload-id': randomUUID() },
    Expires: 300,
    ...options,
  });
  const audio = (bytes: number) => new Blob([Buffer.alloc(bytes, 7)], { type: 'audio/webm' });
  const exists = (Key: string) => client.send(new HeadObjectCommand({ Bucket, Key })).then(() => true, () => false);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'local-s3-post-'));
    s3 = await startLocalS3({ dataDir, buckets: [MEDIA_BUCKET], credentials, onObjectCreated: (e) => events.push(e) });
    client = new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials });
  });
  beforeEach(() => { events.length = 0; });
  afterAll(async () => {
    client.destroy();
    await s3.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('accepts an upload within the policy, stores it under the substituted key and reports it', async () => {
    const { url, fields } = await presign();

    const res = await postForm(url, fields, audio(600), 'réunion du lundi.webm');

    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const key = 'uploads/réunion du lundi.webm';
    const stored = await client.send(new GetObjectCommand({ Bucket, Key: key }));
    expect(stored.ContentType).toBe('audio/webm');
    expect((await stored.Body!.transformToByteArray()).length).toBe(600);
    expect(res.headers.get('etag')).toBe(stored.ETag);
    expect(events).toEqual([expect.objectContaining({
      bucket: Bucket, key, size: 600, eTag: stored.ETag!.replace(/"/g, ''), eventName: 'ObjectCreated:Post',
    })]);
    expect(await readdir(join(dataDir, 's3-post-spool'))).toEqual([]);
  });

  it('answers 201 with the S3 PostResponse document when success_action_status asks for it', async () => {
    const { url, fields } = await presign({ Fields: { 'Content-Type': 'audio/webm', success_action_status: '201' } });

    const res = await postForm(url, fields, audio(10), 'status.webm');

    expect(res.status).toBe(201);
    expect(await res.text()).toContain('<Key>uploads/status.webm</Key>');
  });

  it('rejects a file larger than content-length-range allows and stores nothing', async () => {
    const { url, fields } = await presign();

    const res = await postForm(url, fields, audio(8 * 1024 * 1024), 'too-big.webm');

    expect(await errorOf(res)).toEqual({ status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' });
    expect(await exists('uploads/too-big.webm')).toBe(false);
    expect(await readdir(join(dataDir, 's3-post-spool'))).toEqual([]);
    expect(events).toEqual([]);
  });

  it('rejects an empty file below content-length-range', async () => {
    const { url, fields } = await presign();

    const res = await postForm(url, fields, audio(0), 'empty.webm');

    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'EntityTooSmall' });
  });

  it('rejects a key outside the signed prefix', async () => {
    const { url, fields } = await presign();

    const res = await postForm(url, { ...fields, key: 'elsewhere/${filename}' }, audio(10), 'x.webm');

    expect(await errorOf(res)).toEqual({
      status: 403, code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy Condition failed: ["starts-with", "$key", "uploads/"]',
    });
    expect(await exists('elsewhere/x.webm')).toBe(false);
  });

  it('rejects a content type the policy does not allow', async () => {
    const { url, fields } = await presign();

    const res = await postForm(url, { ...fields, 'Content-Type': 'text/html' }, audio(10), 'page.html');

    expect(await errorOf(res)).toMatchObject({ status: 403, code: 'AccessDenied' });
  });

  it('rejects an expired policy', async () => {
    const pastSigner = new S3Client({
      endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials, systemClockOffset: -2 * 3600 * 1000,
    });
    const { url, fields } = await presign({ Expires: 60 }, pastSigner);
    pastSigner.destroy();

    const res = await postForm(url, fields, audio(10), 'late.webm');

    expect(await errorOf(res)).toEqual({ status: 403, code: 'AccessDenied', message: 'Invalid according to Policy: Policy expired.' });
  });

  it('rejects a policy signed with another secret', async () => {
    const forger = new S3Client({
      endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials: { ...credentials, secretAccessKey: 'guessed' },
    });
    const { url, fields } = await presign({}, forger);
    forger.destroy();

    const res = await postForm(url, fields, audio(10), 'forged.webm');

    expect(await errorOf(res)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('rejects a policy whose conditions were edited after signing', async () => {
    const { url, fields } = await presign();
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString());
    policy.conditions[0] = ['content-length-range', 1, 10 ** 9];

    const res = await postForm(url, { ...fields, Policy: Buffer.from(JSON.stringify(policy)).toString('base64') }, audio(10), 'x.webm');

    expect(await errorOf(res)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('rejects a form field that no condition covers but ignores x-ignore- fields', async () => {
    const { url, fields } = await presign();

    const extra = await postForm(url, { ...fields, 'x-amz-meta-owner': 'mallory' }, audio(10), 'extra.webm');
    const ignored = await postForm(url, { ...fields, 'x-ignore-note': 'anything' }, audio(10), 'ignored.webm');

    expect(await errorOf(extra)).toEqual({
      status: 403, code: 'AccessDenied', message: 'Invalid according to Policy: Extra input fields: x-amz-meta-owner',
    });
    expect(ignored.status).toBe(204);
  });

  it('rejects a body that is not multipart form data', async () => {
    const res = await fetch(`${s3.endpoint}/${Bucket}`, {
      method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: 'not a form',
    });

    expect(await errorOf(res)).toMatchObject({ status: 400 });
  });

  it('uses a policy once: a second upload with it is refused and the first object stays as it was (issue #19)', async () => {
    const { url, fields } = await presign({ Key: 'uploads/once/recording.webm' });
    expect((await postForm(url, fields, audio(300), 'a.webm')).status).toBe(204);
    const second = await postForm(url, fields, new Blob([Buffer.alloc(500, 9)], { type: 'audio/webm' }), 'b.webm');
    expect(await errorOf(second)).toEqual({ status: 403, code: 'AccessDenied', message: 'Invalid according to Policy: Policy has already been used.' });
    const stored = await client.send(new GetObjectCommand({ Bucket, Key: 'uploads/once/recording.webm' }));
    expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(Buffer.alloc(300, 7));
    expect(events.filter((e) => e.key === 'uploads/once/recording.webm')).toHaveLength(1);
  });

  it('lets one of two parallel uploads with one policy through, and gives a failed try its policy back', async () => {
    const { url, fields } = await presign({ Key: 'uploads/race/recording.webm' });
    expect((await postForm(url, fields, audio(2000), 'big.webm')).status).toBe(400); // too large: not a use
    const statuses = await Promise.all([1, 2, 3].map(() => postForm(url, fields, audio(100), 'x.webm').then((r) => r.status)));
    expect(statuses.sort()).toEqual([204, 403, 403]);
  });
});
