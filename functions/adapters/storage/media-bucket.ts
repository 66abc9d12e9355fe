import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from './s3-client.js';

export interface ObjectInfo {
  readonly etag: string; readonly size: number; readonly contentType: string | undefined;
  /** User metadata (x-amz-meta-*, names without the prefix, lower case). */
  readonly metadata: Readonly<Record<string, string>>;
}

/**
 * Objects of the media bucket (uploads and artefacts, key layout in core/pipeline/artefact-keys.ts):
 * typed JSON, text, bytes and files, heads and presigned links, over the container's one S3 client.
 */
export function createMediaBucket(bucket: string, s3: S3Client = s3Client) {
  const put = async (key: string, body: string | Buffer, contentType: string): Promise<void> => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
  };
  /** The object's text. Throws the SDK's NoSuchKey when it does not exist. */
  const getText = async (key: string): Promise<string> => {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return out.Body!.transformToString('utf8');
  };
  return {
    bucket,
    /** ETag (without quotes), size and type of an object, or undefined when it does not exist. */
    async head(key: string): Promise<ObjectInfo | undefined> {
      try {
        const out = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { etag: (out.ETag ?? '').replace(/"/g, ''), size: out.ContentLength ?? 0, contentType: out.ContentType, metadata: out.Metadata ?? {} };
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if ((error as Error).name === 'NotFound' || status === 404) return undefined;
        throw error;
      }
    },

    /** A presigned GET link (what ffmpeg reads recordings through, and what browsers download transcripts from). */
    presignGet: (key: string, expiresSeconds: number) =>
      getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: expiresSeconds }),

    /** Uploads a local file (streamed). */
    async putFile(key: string, file: string, contentType: string): Promise<void> {
      const { size } = await stat(file);
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: contentType }));
    },

    putText: (key: string, text: string, contentType: string) => put(key, text, contentType),
    putBytes: (key: string, body: Buffer, contentType: string) => put(key, body, contentType),
    getText,

    /** The object parsed as JSON, typed by the caller. Throws the SDK's NoSuchKey when it does not exist. */
    getJson: async <T>(key: string): Promise<T> => JSON.parse(await getText(key)) as T,
    putJson: (key: string, value: unknown) => put(key, JSON.stringify(value), 'application/json'),

    /** s3:// URI of an object, as Transcribe's MediaFileUri wants it. */
    uri: (key: string) => `s3://${bucket}/${key}`,
  };
}

export type MediaBucket = ReturnType<typeof createMediaBucket>;
