/** Reads a recording's duration in the browser from a media element's metadata (upload step 1). */
import { InvalidVideo } from './upload-messages.js';

/**
 * Resolves to the duration in seconds of `file` (a <audio> element for .m4a, else <video>).
 * Throws InvalidVideo when the browser cannot read it or reports no finite duration.
 */
export function readDuration(file: File, doc: Document = document): Promise<number> {
  const element = doc.createElement(/\.m4a$/i.test(file.name) ? 'audio' : 'video');
  const url = URL.createObjectURL(file);
  return new Promise<number>((resolve, reject) => {
    element.preload = 'metadata';
    element.onloadedmetadata = () => {
      const seconds = element.duration;
      if (Number.isFinite(seconds) && seconds > 0) resolve(seconds);
      else reject(new InvalidVideo());
    };
    element.onerror = () => reject(new InvalidVideo());
    element.src = url;
  }).finally(() => {
    element.removeAttribute('src');
    URL.revokeObjectURL(url);
  });
}
