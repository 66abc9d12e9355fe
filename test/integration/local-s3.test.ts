import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  CompleteMultipartUploadCommand, CopyObjectCommand, CreateBucketCommand, CreateMultipartUploadCommand,
  GetObjectCommand, ListBucketsCommand, ListObjectsV2Command, paginateListObjectsV2, PutObjectCommand,
  S3Client, UploadPartCommand, type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MEDIA_BUCKET } from '../../lib/definitions/resources.js';
import { startLocalS3, type LocalS3, type ObjectCreatedEvent } from '../../local/s3/index.js';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const Bucket = MEDIA_BUCKET.localName;
const APP_ORIGIN = 'http://127.0.0.1:5173';

describe('local S3', () => {
  let dataDir: string;
  let s3: LocalS3;
  let client: S3Client;
  const events: ObjectCreatedEvent[] = [];

  const start = async () => {
    s3 = await startLocalS3({
      dataDir, buckets: [MEDIA_BUCKET], credentials, corsOrigins: [APP_ORIGIN], onObjectCreated: (e) => events.push(e),
    });
    client = new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials });
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'local-s3-'));
    await start();
  });
  beforeEach(() => { events.length = 0; });
  afterAll(async () => {
    client.destroy();
    await s3.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores and returns an object whose key has spaces and unicode, and reports it as it is stored', async () => {
    const Key = 'notes/réunion du lundi €.txt';

    await client.send(new PutObjectCommand({ Bucket, Key, Body: 'bonjour', ContentType: 'text/plain' }));
    const got = await client.send(new GetObjectCommand({ Bucket, Key }));

    expect(await got.Body!.transformToString()).toBe('bonjour');
    expect(got.ContentType).toBe('text/plain');
    expect(events).toEqual([expect.objectContaining({
      bucket: Bucket, key: Key, size: 7, eTag: got.ETag!.replace(/"/g, ''), eventName: 'ObjectCreated:Put',
    })]);
  });

  it('stores a streamed body without the aws-chunked framing the SDK adds', async () => {
    const Body = Readable.from([Buffer.from('hello '), Buffer.from('stream')]);

    await client.send(new PutObjectCommand({ Bucket, Key: 'streamed.txt', Body, ContentLength: 12 }));
    const got = await client.send(new GetObjectCommand({ Bucket, Key: 'streamed.txt' }));

    expect(await got.Body!.transformToString()).toBe('hello stream');
    expect(got.ContentEncoding).toBeUndefined();
    expect(events[0]).toMatchObject({ key: 'streamed.txt', size: 12 });
  });

  it('serves presigned PUT and GET URLs and reports the PUT', async () => {
    const Key = 'presigned/a b.txt';
    const putUrl = await getSignedUrl(client, new PutObjectCommand({ Bucket, Key }), { expiresIn: 60 });
    const getUrl = await getSignedUrl(client, new GetObjectCommand({ Bucket, Key }), { expiresIn: 60 });

    const put = await fetch(putUrl, { method: 'PUT', body: 'via url' });
    const get = await fetch(getUrl);

    expect(put.status).toBe(200);
    expect(await get.text()).toBe('via url');
    expect(events).toEqual([expect.objectContaining({ key: Key, size: 7, eventName: 'ObjectCreated:Put' })]);
  });

  it('reports a copy as ObjectCreated:Copy', async () => {
    await client.send(new PutObjectCommand({ Bucket, Key: 'copy/source.txt', Body: 'abc' }));

    await client.send(new CopyObjectCommand({ Bucket, Key: 'copy/target ü.txt', CopySource: `${Bucket}/copy/source.txt` }));

    expect(events.map((e) => [e.eventName, e.key, e.size])).toEqual([
      ['ObjectCreated:Put', 'copy/source.txt', 3],
      ['ObjectCreated:Copy', 'copy/target ü.txt', 3],
    ]);
  });

  it('reports a completed multipart upload as ObjectCreated:CompleteMultipartUpload', async () => {
    const Key = 'uploads/big recording.webm';
    const first = Buffer.alloc(5 * 1024 * 1024, 1);
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const parts = [];
    for (const [i, Body] of [first, Buffer.from('tail')].entries()) {
      const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: i + 1, Body }));
      parts.push({ ETag, PartNumber: i + 1 });
    }

    await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));

    expect(events.map((e) => [e.eventName, e.key, e.size])).toEqual([
      ['ObjectCreated:CompleteMultipartUpload', Key, first.length + 4],
    ]);
  });

  // 250 keys keep the suite fast (s3rver stores ~300 objects/s here); the paging logic is the same at any size.
  it('pages ListObjectsV2 over 250 keys in key order', async () => {
    const keys = Array.from({ length: 250 }, (_, i) => `many/key-${String(i).padStart(4, '0')}`);
    for (let i = 0; i < keys.length; i += 25) {
      await Promise.all(keys.slice(i, i + 25).map((Key) => client.send(new PutObjectCommand({ Bucket, Key, Body: 'x' }))));
    }

    const pages: ListObjectsV2CommandOutput[] = [];
    for await (const page of paginateListObjectsV2({ client, pageSize: 100 }, { Bucket, Prefix: 'many/' })) pages.push(page);
    const whole = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'many/', MaxKeys: 5000 }));

    expect(pages.map((p) => p.KeyCount)).toEqual([100, 100, 50]);
    expect(pages.map((p) => p.IsTruncated)).toEqual([true, true, false]);
    expect(pages.flatMap((p) => p.Contents!.map((c) => c.Key))).toEqual(keys);
    expect(whole).toMatchObject({ KeyCount: 250, MaxKeys: 1000, IsTruncated: false });
  }, 30_000);

  it('pages a delimited listing without repeating a common prefix', async () => {
    for (const Key of ['tree/a/1', 'tree/a/2', 'tree/b/1', 'tree/c', 'tree/d/1', 'tree/e']) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body: 'x' }));
    }

    const pages: ListObjectsV2CommandOutput[] = [];
    const pager = paginateListObjectsV2({ client, pageSize: 2 }, { Bucket, Prefix: 'tree/', Delimiter: '/' });
    for await (const page of pager) pages.push(page);

    expect(pages.every((p) => (p.KeyCount ?? 0) <= 2)).toBe(true);
    expect(pages.flatMap((p) => (p.CommonPrefixes ?? []).map((c) => c.Prefix))).toEqual(['tree/a/', 'tree/b/', 'tree/d/']);
    expect(pages.flatMap((p) => (p.Contents ?? []).map((c) => c.Key))).toEqual(['tree/c', 'tree/e']);
  });

  it('starts a listing after the given key', async () => {
    for (const Key of ['after/1', 'after/2', 'after/3']) await client.send(new PutObjectCommand({ Bucket, Key, Body: 'x' }));

    const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'after/', StartAfter: 'after/1' }));

    expect(page.Contents!.map((c) => c.Key)).toEqual(['after/2', 'after/3']);
    expect(page.StartAfter).toBe('after/1');
  });

  it('rejects a continuation token it did not issue', async () => {
    const list = client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: 'not a token' }));

    await expect(list).rejects.toMatchObject({ name: 'InvalidArgument', $metadata: { httpStatusCode: 400 } });
  });

  it('answers a CORS preflight from the app origin with the allow headers', async () => {
    const res = await fetch(`${s3.endpoint}/${Bucket}`, {
      method: 'OPTIONS',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  it('refuses a CORS preflight from another origin', async () => {
    const res = await fetch(`${s3.endpoint}/${Bucket}`, {
      method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:9999', 'access-control-request-method': 'POST' },
    });

    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('keeps objects and buckets across a restart', async () => {
    await client.send(new CreateBucketCommand({ Bucket: 'made-at-runtime' }));
    await client.send(new PutObjectCommand({ Bucket, Key: 'kept.txt', Body: 'still here' }));
    client.destroy();
    await s3.stop();

    await start();
    const got = await client.send(new GetObjectCommand({ Bucket, Key: 'kept.txt' }));
    const { Buckets } = await client.send(new ListBucketsCommand({}));

    expect(await got.Body!.transformToString()).toBe('still here');
    expect(Buckets!.map((b) => b.Name).sort()).toEqual(['made-at-runtime', Bucket]);
  });
});
