import { blocksOf, cueTurns, noTiming } from './cues.js';
import { MalformedTranscript } from './errors.js';
import { linesOf, type ImportedTurn } from './model.js';

const EXAMPLE = '00:00:01.000 --> 00:00:04.000';
const SKIPPED = /^(NOTE|STYLE|REGION)([ \t]|$)/;

/**
 * A WebVTT file (W3C WebVTT: the WEBVTT line, header, NOTE/STYLE/REGION blocks, cues with optional identifiers) as turns,
 * one per cue voice, with the cue's times. Throws MalformedTranscript naming the line.
 */
export function parseWebVtt(text: string): ImportedTurn[] {
  const lines = linesOf(text);
  if (!/^WEBVTT([ \t].*)?$/.test(lines[0] ?? '')) throw new MalformedTranscript(1, 'a WebVTT file starts with a line "WEBVTT".');
  // The header runs to the first blank line; a cue timing right under it starts the cues (lenient, as players are).
  let first = 1;
  while (first < lines.length && lines[first]!.trim() !== '' && !lines[first]!.includes('-->')) first++;
  return blocksOf(lines, first).flatMap((block) => {
    if (SKIPPED.test(block.lines[0]!)) return [];
    if (block.lines[0]!.includes('-->')) return cueTurns(block, 0, EXAMPLE);
    if (block.lines[1]?.includes('-->')) return cueTurns(block, 1, EXAMPLE);
    throw noTiming(block, `a cue timing such as "${EXAMPLE}"`);
  });
}
