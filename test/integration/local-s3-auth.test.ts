import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MEDIA_BUCKET } from '../../lib/definitions/resources.js';
import { startLocalS3, type LocalS3 } from '../../local/s3/index.js';

const Bucket = MEDIA_BUCKET.localName;
const credentials = { accessKeyId: 'LOCALAUTHTEST0000001', secretAccessKey: randomBytes(30).toString('base64') };
const wellKnown = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const wrongSecret = { accessKeyId: credentials.accessKeyId, secretAccessKey: randomBytes(30).toString('base64') };

const codeOf = async (res: Response) => /<Code>([^<]*)<\/Code>/.exec(await res.text())?.[1];

describe('local S3 SigV4 verification', () => {
  let dataDir: string;
  let s3: LocalS3;
  const clientWith = (creds: typeof credentials) => new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials: creds, maxAttempts: 1 });
  let client: S3Client;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'local-s3-auth-'));
    s3 = await startLocalS3({ dataDir, buckets: [MEDIA_BUCKET], credentials });
    client = clientWith(credentials);
    await client.send(new PutObjectCommand({ Bucket, Key: 'uploads/victim/meeting/rec.m4a', Body: 'original' }));
  }, 60_000);
  afterAll(async () => {
    client.destroy();
    await s3.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves put, get, list, delete and presigned GET for the run\'s key pair', async () => {
    await client.send(new PutObjectCommand({ Bucket, Key: 'a/b c.txt', Body: 'hello', ContentType: 'text/plain' }));
    expect(await (await client.send(new GetObjectCommand({ Bucket, Key: 'a/b c.txt' }))).Body!.transformToString()).toBe('hello');
    expect((await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'a/' }))).KeyCount).toBe(1);
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket, Key: 'a/b c.txt', ResponseContentDisposition: 'attachment; filename="x.txt"' }), { expiresIn: 60 });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="x.txt"');
    await client.send(new DeleteObjectCommand({ Bucket, Key: 'a/b c.txt' }));
  }, 60_000);

  it('refuses unsigned PUT, GET, list and DELETE with 403 AccessDenied and leaves the object alone', async () => {
    const base = `${s3.endpoint}/${Bucket}/uploads/victim/meeting/rec.m4a`;
    for (const [method, url] of [['PUT', base], ['GET', base], ['DELETE', base], ['GET', `${s3.endpoint}/${Bucket}?list-type=2`], ['GET', `${s3.endpoint}/${Bucket}`]] as const) {
      const res = await fetch(url, { method, body: method === 'PUT' ? 'evil' : undefined });
      expect([method, url, res.status, await codeOf(res)]).toEqual([method, url, 403, 'AccessDenied']);
    }
    expect(await (await client.send(new GetObjectCommand({ Bucket, Key: 'uploads/victim/meeting/rec.m4a' }))).Body!.transformToString()).toBe('original');
  }, 60_000);

  it('refuses requests signed with s3rver\'s well-known pair or with a wrong secret', async () => {
    for (const creds of [wellKnown, wrongSecret]) {
      const other = clientWith(creds);
      await expect(other.send(new PutObjectCommand({ Bucket, Key: 'uploads/victim/meeting/rec.m4a', Body: 'evil' })))
        .rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      other.destroy();
    }
    expect(await (await client.send(new GetObjectCommand({ Bucket, Key: 'uploads/victim/meeting/rec.m4a' }))).Body!.transformToString()).toBe('original');
  }, 60_000);

  it('refuses a presigned URL that was tampered with or signed for another key', async () => {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket, Key: 'uploads/victim/meeting/rec.m4a' }), { expiresIn: 60 });
    const tampered = url.replace('rec.m4a', 'other.m4a');
    expect((await fetch(tampered)).status).toBe(403);
    const stripped = url.replace(/X-Amz-Signature=[0-9a-f]+/, 'X-Amz-Signature=' + '0'.repeat(64));
    expect((await fetch(stripped)).status).toBe(403);
  }, 60_000);

  it('refuses a browser POST whose policy is signed with the well-known pair', async () => {
    const other = clientWith(wellKnown);
    const { url, fields } = await createPresignedPost(other, { Bucket, Key: 'uploads/victim/meeting/rec.m4a', Expires: 300 });
    other.destroy();
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob(['evil']), 'rec.m4a');
    const res = await fetch(url, { method: 'POST', body: form });
    expect(res.status).toBe(403);
    expect(await (await client.send(new GetObjectCommand({ Bucket, Key: 'uploads/victim/meeting/rec.m4a' }))).Body!.transformToString()).toBe('original');
  }, 60_000);

  it('lets a CORS preflight through unsigned', async () => {
    const res = await fetch(`${s3.endpoint}/${Bucket}`, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' } });
    expect(res.status).toBeLessThan(400);
  }, 60_000);
});
