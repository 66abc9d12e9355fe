/** The name a downloaded recording is saved under, and the Content-Disposition header that names it. */
import { meetingNameFromFile } from '../../contracts/meetings.js';

// eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not contain
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;
const MAX_BASE = 120;

/** `Weekly sync: Q3` + `uploads/m/recording.mp4` → `Weekly sync_ Q3.mp4` (characters file systems refuse replaced, length capped). */
export function recordingFileName(meetingName: string, key: string): string {
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(key)?.[1]?.toLowerCase() ?? 'mp4';
  const base = meetingName.replace(UNSAFE, '_').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').slice(0, MAX_BASE).trim() || 'recording';
  return `${base}.${extension}`;
}

/** RFC 6266: an ASCII fallback name and the UTF-8 name (RFC 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The upload's metadata entry that carries the file's name (percent-encoded: metadata travels in HTTP headers). */
export const FILE_NAME_METADATA = 'file-name';
/** Metadata is capped at 2 KB per object: a longer name is cut (the meeting name is cut at MEETING_NAME_MAX anyway). */
const STORED_NAME_MAX = 250;

/** The file's name as stored in the upload's metadata. */
export function fileNameMetadata(fileName: string): string {
  return encodeURIComponent([...fileName.trim()].slice(0, STORED_NAME_MAX).join(''));
}

/** The file's name from the upload's metadata, or undefined when none was stored or it is not readable. */
export function uploadedFileName(metadata: Readonly<Record<string, string>> | undefined): string | undefined {
  const stored = metadata?.[FILE_NAME_METADATA];
  if (!stored) return undefined;
  try {
    return decodeURIComponent(stored).replace(UNSAFE_NAME, ' ').trim() || undefined;
  } catch {
    return undefined;
  }
}

// eslint-disable-next-line no-control-regex -- control characters are never part of a meeting name
const UNSAFE_NAME = /[\u0000-\u001f\u007f]+/g;

/**
 * The name the pipeline gives a meeting whose recording arrived but whose browser never named it: the uploaded file's
 * name as the browser would have given it, else `Uploaded recording YYYY-MM-DD HH:MM UTC`.
 */
export function arrivedUploadName(createdAt: string, fileName?: string): string {
  if (fileName?.trim()) return meetingNameFromFile(fileName);
  const d = new Date(createdAt);
  if (Number.isNaN(d.getTime())) return 'Uploaded recording';
  return `Uploaded recording ${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
