import { TRANSCRIPT_IMPORT_MESSAGES } from '../../../contracts/transcripts.js';
import { UnreadableTranscript, UnsupportedTranscriptType } from './errors.js';
import type { TranscriptFileFormat } from './model.js';

const BY_TYPE: Readonly<Record<string, TranscriptFileFormat>> = {
  'text/vtt': 'vtt', 'application/x-subrip': 'srt', 'application/srt': 'srt', 'text/srt': 'srt', 'text/x-srt': 'srt',
  'application/json': 'json', 'text/json': 'json',
};
const BY_EXTENSION: Readonly<Record<string, TranscriptFileFormat>> = { vtt: 'vtt', srt: 'srt', txt: 'text', json: 'json' };
/** Types that say nothing about the content: the name, then the content decide. */
const UNDECLARED = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** What the content looks like: WEBVTT header, a SubRip cue (number, timing), a JSON list, or `Name: words` lines. */
export function sniffFormat(text: string): TranscriptFileFormat | undefined {
  const start = text.trimStart();
  if (/^WEBVTT([ \t\r\n]|$)/.test(start)) return 'vtt';
  if (/^\d+[ \t]*\r?\n[ \t]*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}[ \t]*-->/.test(start)) return 'srt';
  if (start.startsWith('[') && /^\[\s*(\{|\])/.test(start)) return 'json';
  if (/^(?:[[(]?\d{1,2}:\d{2}(?::\d{2})?[\])]?\s+)?[^:\n]{1,100}:\s+\S/.test(start)) return 'text';
  return undefined;
}

/**
 * The format of an import: a specific declared type (text/vtt, application/x-subrip, application/json) decides; for
 * text/plain, none or application/octet-stream, the file name's extension, then the content. Throws
 * UnsupportedTranscriptType (415) for another declared type, UnreadableTranscript (400) when nothing tells.
 */
export function detectFormat(contentType: string | undefined, fileName: string | undefined, text: string): TranscriptFileFormat {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const declared = BY_TYPE[type];
  if (declared) return declared;
  if (type !== 'text/plain' && !UNDECLARED.has(type)) throw new UnsupportedTranscriptType(TRANSCRIPT_IMPORT_MESSAGES.unsupportedType(type));
  const extension = fileName?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  const named = extension ? BY_EXTENSION[extension] : undefined;
  if (named && named !== 'text') return named;
  const sniffed = sniffFormat(text);
  if (sniffed) return sniffed;
  if (type === 'text/plain' || named === 'text') return 'text';
  throw new UnreadableTranscript(TRANSCRIPT_IMPORT_MESSAGES.unknownFormat);
}
