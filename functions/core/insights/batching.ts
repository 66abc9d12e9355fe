/** Amazon Comprehend's limits for BatchDetectSentiment. */
export const COMPREHEND_LIMITS = { documentsPerBatch: 25, bytesPerDocument: 5000 } as const;

const encoder = new TextEncoder();

/** UTF-8 size of a string in bytes. */
export const utf8Bytes = (text: string): number => encoder.encode(text).length;

/**
 * Cuts text to at most `maxBytes` UTF-8 bytes without splitting a character (code point); prefers to end
 * at a word boundary when one lies in the last fifth of the allowed text.
 */
export function cutToBytes(text: string, maxBytes: number = COMPREHEND_LIMITS.bytesPerDocument): string {
  if (utf8Bytes(text) <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = utf8Bytes(char);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  const kept = text.slice(0, end);
  const space = kept.lastIndexOf(' ');
  return space > kept.length * 0.8 ? kept.slice(0, space) : kept;
}

/** Groups items into consecutive batches of at most `size`. */
export function toBatches<T>(items: readonly T[], size: number = COMPREHEND_LIMITS.documentsPerBatch): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}
