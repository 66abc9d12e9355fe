import { TranscribeError } from './errors.js';

/** An S3 object location. */
export interface S3Location { bucket: string; key: string }

/**
 * Reads `s3://bucket/key`, a path-style https/http URL (`https://s3.<region>.amazonaws.com/bucket/key`,
 * or a local endpoint `http://127.0.0.1:port/bucket/key`) or a virtual-hosted AWS URL.
 * Throws BadRequestException when the URI names no bucket and key.
 */
export function parseMediaUri(uri: string): S3Location {
  const bad = () => new TranscribeError('BadRequestException', `The media file URI is not a valid S3 object location: ${uri}`);
  if (uri.startsWith('s3://')) {
    const rest = uri.slice(5);
    const slash = rest.indexOf('/');
    if (slash <= 0 || slash === rest.length - 1) throw bad();
    return { bucket: rest.slice(0, slash), key: rest.slice(slash + 1) };
  }
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw bad();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad();
  const path = url.pathname.replace(/^\//, '');
  const virtual = /^(.+)\.s3[.-]([a-z0-9-]+\.)?amazonaws\.com$/.exec(url.hostname);
  if (virtual) {
    if (!path) throw bad();
    return { bucket: virtual[1]!, key: decodeURIComponent(path) };
  }
  const slash = path.indexOf('/');
  if (slash <= 0 || slash === path.length - 1) throw bad();
  return { bucket: decodeURIComponent(path.slice(0, slash)), key: decodeURIComponent(path.slice(slash + 1)) };
}

/** The object key for a job's transcript: OutputKey as given, OutputKey as a folder when it ends in '/', else `<job>.json`. */
export function outputKeyFor(jobName: string, outputKey: string | undefined): string {
  if (!outputKey) return `${jobName}.json`;
  return outputKey.endsWith('/') ? `${outputKey}${jobName}.json` : outputKey;
}
