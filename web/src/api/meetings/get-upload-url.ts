/** GET /api/meetings/{id}/video_upload_url/?content_type= — a presigned POST (403 text when minutes are used up). */
import type { UploadContentType, UploadUrl } from '@contracts/meetings.js';
import { apiRequest } from '../api-client.js';

/**
 * Asks for the upload target (with the file's name, which the upload carries so the pipeline can name a meeting whose
 * tab closed before it was named); throws ApiError (403 'You have used up your minutes for the month.').
 */
export function getUploadUrl(meetingId: string, contentType: UploadContentType, fileName?: string): Promise<UploadUrl> {
  const query = new URLSearchParams({ content_type: contentType, ...(fileName ? { file_name: fileName } : {}) });
  return apiRequest<UploadUrl>(`/api/meetings/${encodeURIComponent(meetingId)}/video_upload_url/?${query.toString()}`);
}
