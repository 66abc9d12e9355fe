import { escapeXml } from './xml.js';

/** The bucket CORS rule for browser uploads and downloads from `origins` (s3rver applies it). */
export function corsConfigXml(origins: readonly string[]): string {
  const allowed = origins.map((o) => `<AllowedOrigin>${escapeXml(o)}</AllowedOrigin>`).join('');
  const methods = ['GET', 'PUT', 'POST', 'HEAD'].map((m) => `<AllowedMethod>${m}</AllowedMethod>`).join('');
  return '<CORSConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><CORSRule>'
    + `${allowed}${methods}<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>`
    + '</CORSRule></CORSConfiguration>';
}

const matches = (pattern: string, origin: string) => {
  const [head = '', tail] = pattern.split('*');
  return tail === undefined ? pattern === origin : origin.length >= head.length + tail.length && origin.startsWith(head) && origin.endsWith(tail);
};

/** CORS headers for an answer the front writes itself (the same rule s3rver applies to its own answers). */
export function corsHeaders(origin: string | undefined, origins: readonly string[]): Record<string, string> {
  if (!origin || !origins.some((pattern) => matches(pattern, origin))) return {};
  return {
    'access-control-allow-origin': origins.includes('*') ? '*' : origin,
    'access-control-expose-headers': 'ETag',
    vary: 'Origin',
  };
}
