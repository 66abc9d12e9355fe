import { randomUUID } from 'node:crypto';
import { attachmentDisposition, FILE_NAME_METADATA, fileNameMetadata } from '../../core/meetings/download-name.js';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, type S3Client, type _Object } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { RecordingStorage, StoredUpload } from '../../core/meetings/model.js';
import { artefactKeys, uploadKeys } from '../../core/pipeline/artefact-keys.js';

/** Meeting recordings and artefacts in the media bucket: presigned POST/GET, latest upload, delete by prefix. */
export function createRecordingStorage(s3: S3Client, bucket: string): RecordingStorage {
  const eachPage = async (prefix: string, visit: (objects: _Object[]) => Promise<void>) => {
    let ContinuationToken: string | undefined;
    do {
      const out = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
      await visit(out.Contents ?? []);
      ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (ContinuationToken);
  };

  return {
    async presignUpload({ key, contentType, maxBytes, expiresSeconds, fileName }) {
      const { url, fields } = await createPresignedPost(s3, {
        Bucket: bucket, Key: key, Expires: expiresSeconds,
        // A fresh id makes every policy distinct (two issued in one second would otherwise be the same policy),
        // so each can be used once (the local S3 refuses a used policy; docs/security.md).
        // The file's name rides along as metadata (an exact-match field of the policy) for the pipeline's naming.
        Fields: {
          'Content-Type': contentType, 'x-amz-meta-upload-id': randomUUID(),
          ...(fileName ? { [`x-amz-meta-${FILE_NAME_METADATA}`]: fileNameMetadata(fileName) } : {}),
        },
        Conditions: [['content-length-range', 1, maxBytes], ['eq', '$Content-Type', contentType]],
      });
      return { url, fields };
    },

    async latestUpload(meetingId): Promise<StoredUpload | undefined> {
      let latest: _Object | undefined;
      await eachPage(uploadKeys.prefix(meetingId), async (objects) => {
        for (const o of objects) {
          if ((o.Size ?? 0) > 0 && (!latest || (o.LastModified?.getTime() ?? 0) > (latest.LastModified?.getTime() ?? 0))) latest = o;
        }
      });
      if (!latest?.Key) return undefined;
      return { key: latest.Key, etag: (latest.ETag ?? '').replace(/"/g, ''), size: latest.Size ?? 0 };
    },

    presignDownload: (key, expiresSeconds) =>
      getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: expiresSeconds }),

    presignAttachment: (key, expiresSeconds, fileName) =>
      getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: attachmentDisposition(fileName) }),
        { expiresIn: expiresSeconds }),

    async removeMeetingObjects(meetingId) {
      for (const prefix of [uploadKeys.prefix(meetingId), artefactKeys.prefix(meetingId)]) {
        await eachPage(prefix, async (objects) => {
          const keys = objects.flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
          if (keys.length === 0) return;
          const out = await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
          if (out.Errors && out.Errors.length > 0) throw new Error(`Could not delete ${out.Errors.length} objects under ${prefix}: ${out.Errors[0].Code}`);
        });
      }
    },
  };
}
