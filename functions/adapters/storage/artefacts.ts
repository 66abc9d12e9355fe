import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

export interface ObjectInfo { readonly etag: string; readonly size: number; readonly contentType: string | undefined }

/** Uploads, artefacts and links in the media bucket, as the pipeline and the transcript routes use them. */
export function createArtefactStorage(s3: S3Client, bucket: string) {
  return {
    bucket,
    /** ETag (without quotes), size and type of an object, or undefined when it does not exist. */
    async head(key: string): Promise<ObjectInfo | undefined> {
      try {
        const out = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { etag: (out.ETag ?? '').replace(/"/g, ''), size: out.ContentLength ?? 0, contentType: out.ContentType };
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

    async putText(key: string, text: string, contentType: string): Promise<void> {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: text, ContentType: contentType }));
    },

    /** The object's text. Throws the SDK's NoSuchKey when it does not exist. */
    async getText(key: string): Promise<string> {
      const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return out.Body!.transformToString('utf8');
    },

    /** s3:// URI of an object, as Transcribe's MediaFileUri wants it. */
    uri: (key: string) => `s3://${bucket}/${key}`,
  };
}

export type ArtefactStorage = ReturnType<typeof createArtefactStorage>;
