/**
 * POST of the recording to the presigned upload target: multipart form, the signed fields first and the
 * file last (S3 ignores fields after `file`). XMLHttpRequest, because fetch reports no upload progress.
 */
import type { UploadUrl } from '@contracts/meetings.js';
import { ApiError, SERVICE_UNAVAILABLE } from '../api-client.js';

/** Uploads `file`; calls onProgress with 0-100 while sending; throws ApiError (503 when the network fails). */
export function uploadRecording(target: UploadUrl, file: Blob, onProgress: (percent: number) => void): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(new ApiError(xhr.status, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new ApiError(503, SERVICE_UNAVAILABLE));
    xhr.send(form);
  });
}
