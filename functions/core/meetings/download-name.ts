/** The name a downloaded recording is saved under, and the Content-Disposition header that names it. */

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

/** The name the pipeline gives a meeting whose recording arrived but whose browser never named it. */
export function arrivedUploadName(createdAt: string): string {
  const d = new Date(createdAt);
  if (Number.isNaN(d.getTime())) return 'Uploaded recording';
  return `Uploaded recording ${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
