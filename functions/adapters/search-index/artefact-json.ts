import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';

/** JSON and binary artefacts of the search pipeline (frames, OCR results) in the media bucket. */
export function createArtefactFiles(s3: S3Client, bucket: string) {
  return {
    async getJson<T>(key: string): Promise<T> {
      const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return JSON.parse(await out.Body!.transformToString('utf8')) as T;
    },
    async putJson(key: string, value: unknown): Promise<void> {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: JSON.stringify(value), ContentType: 'application/json' }));
    },
    async putBytes(key: string, body: Buffer, contentType: string): Promise<void> {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },
  };
}

export type ArtefactFiles = ReturnType<typeof createArtefactFiles>;
