import type { ServerResponse } from 'node:http';

/** Escapes text for an XML element body (quotes need no escaping there, and S3 leaves them as they are). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the entities s3rver writes (the five XML names and numeric references). */
export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return String.fromCodePoint(code);
  });
}

/** An S3 error answer: its code, HTTP status and optional detail elements. */
export class S3Error extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly detail: Readonly<Record<string, string | number>> = {},
  ) {
    super(message);
  }

  toXml(): string {
    const detail = Object.entries(this.detail).map(([k, v]) => `<${k}>${escapeXml(String(v))}</${k}>`).join('');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${this.code}</Code>`
      + `<Message>${escapeXml(this.message)}</Message>${detail}</Error>`;
  }
}

/** Writes `err` in S3's XML error shape (an unknown error becomes a 500 InternalError). */
export function sendS3Error(res: ServerResponse, err: unknown, headers: Record<string, string> = {}): void {
  const s3 = err instanceof S3Error
    ? err
    : new S3Error('InternalError', 'We encountered an internal error. Please try again.', 500);
  // A request whose client is gone (the front closing its connections at stop) has nobody to tell: no log either.
  if (res.destroyed) return;
  if (!(err instanceof S3Error)) console.error('local S3 front:', err);
  if (res.headersSent) { res.destroy(); return; }
  const body = s3.toXml();
  res.writeHead(s3.status, { ...headers, 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
