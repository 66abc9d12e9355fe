/**
 * POST /api/meetings/{id}/transcript_import/?file_name= — a transcript file (.vtt, .srt, .txt, .json) as the raw body with
 * its type (docs/meetings.md "Transcript import"). XMLHttpRequest, because fetch reports no upload progress.
 */
import type { TranscriptImportStarted } from '@contracts/transcripts.js';
import { env } from '../../config/env.js';
import { readAccessToken } from '../../lib/session.js';
import { ApiError, SERVICE_UNAVAILABLE } from '../api-client.js';

/** The content type to send: the browser's for the file, else by its extension (browsers give none for .srt). */
export function transcriptContentType(file: File): string {
  if (file.type) return file.type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return ({ vtt: 'text/vtt', srt: 'application/x-subrip', txt: 'text/plain', json: 'application/json' } as Record<string, string>)[extension ?? ''] ??
    'application/octet-stream';
}

/** Sends the file; calls onProgress with 0-100 while sending; throws ApiError with the parsed answer (503 when the network fails). */
export function importTranscript(meetingId: string, file: File, onProgress: (percent: number) => void): Promise<TranscriptImportStarted> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.apiUrl}/api/meetings/${encodeURIComponent(meetingId)}/transcript_import/?${new URLSearchParams({ file_name: file.name }).toString(
      )}`);
    xhr.setRequestHeader('Content-Type', transcriptContentType(file));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // A plain-text answer stays text.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(data as TranscriptImportStarted);
      } else reject(new ApiError(xhr.status, data));
    };
    xhr.onerror = () => reject(new ApiError(503, SERVICE_UNAVAILABLE));
    xhr.send(file);
  });
}
