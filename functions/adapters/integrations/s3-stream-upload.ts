/**
 * Streams a provider download into the media bucket with an S3 multipart upload: one part (8 MiB) in memory
 * at a time, aborted on any failure or when the body passes the size limit. The completed object raises the
 * bucket's normal object-created event, which starts processing.
 */
import {
  AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, ListObjectsV2Command, UploadPartCommand, type S3Client,
} from '@aws-sdk/client-s3';
import type { ImportStorage } from '../../core/integrations/import-recording.js';
import { RecordingTooLarge } from '../../core/integrations/recordings.js';
import { uploadKeys } from '../../core/pipeline/artefact-keys.js';

export const PART_BYTES = 8 * 1024 * 1024;

export function createImportStorage(s3: S3Client, bucket: string, partBytes = PART_BYTES): ImportStorage {
  return {
    async hasUpload(meetingId) {
      const out = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: uploadKeys.prefix(meetingId), MaxKeys: 1 }));
      return (out.Contents ?? []).some((o) => (o.Size ?? 0) > 0);
    },

    async streamUpload(key, body, contentType, maxBytes) {
      const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }));
      const parts: { ETag: string; PartNumber: number }[] = [];
      let size = 0;
      let pending: Uint8Array[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (pendingBytes === 0) return;
        const PartNumber = parts.length + 1;
        const out = await s3.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber, Body: Buffer.concat(pending, pendingBytes) }));
        parts.push({ ETag: out.ETag ?? '', PartNumber });
        pending = [];
        pendingBytes = 0;
      };
      try {
        for await (const chunk of body) {
          size += chunk.byteLength;
          if (size > maxBytes) throw new RecordingTooLarge(`Recording passed ${maxBytes} bytes`);
          pending.push(chunk);
          pendingBytes += chunk.byteLength;
          if (pendingBytes >= partBytes) await flush();
        }
        if (size === 0) throw new Error('The provider sent an empty recording');
        await flush();
        await s3.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
        return { size };
      } catch (error) {
        await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId })).catch(() => undefined);
        throw error;
      }
    },
  };
}

