import { cueVoices } from './cue-text.js';
import { MalformedTranscript } from './errors.js';
import type { ImportedTurn } from './model.js';
import { parseCueTiming } from './timecode.js';

/** A block of non-blank lines and the 0-based index of its first line. */
export interface Block { readonly at: number; readonly lines: readonly string[] }

/** The file's blocks: runs of non-blank lines separated by blank ones, from line `from` on. */
export function blocksOf(lines: readonly string[], from = 0): Block[] {
  const blocks: Block[] = [];
  let current: string[] = [];
  let at = from;
  for (let i = from; i <= lines.length; i++) {
    const line = lines[i];
    if (line === undefined || line.trim() === '') {
      if (current.length > 0) blocks.push({ at, lines: current });
      current = [];
      at = i + 1;
    } else current.push(line);
  }
  return blocks;
}

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/**
 * One cue (timing line at `timingIndex` of the block, the words after it) as turns: one per voice, the cue's span
 * shared among its voices by word count. Throws MalformedTranscript naming the timing line.
 */
export function cueTurns(block: Block, timingIndex: number, example: string): ImportedTurn[] {
  const lineNumber = block.at + timingIndex + 1;
  const timingLine = block.lines[timingIndex]!;
  const timing = parseCueTiming(timingLine);
  if (!timing || timing.start === undefined || timing.end === undefined) {
    throw new MalformedTranscript(lineNumber, `"${clip(timingLine.trim())}" is not a cue timing (expected one such as "${example}").`);
  }
  if (timing.end < timing.start) throw new MalformedTranscript(lineNumber, 'the cue ends before it starts.');
  const voices = cueVoices(block.lines.slice(timingIndex + 1).join('\n'));
  const words = voices.map((v) => v.text.split(' ').length);
  const total = words.reduce((a, b) => a + b, 0);
  let start = timing.start;
  return voices.map((voice, i) => {
    const end = i === voices.length - 1 ? timing.end! : Math.round((start + ((timing.end! - timing.start!) * words[i]!) / total) * 1000) / 1000;
    const turn = { speaker: voice.speaker, text: voice.text, start, end, line: lineNumber + 1 };
    start = end;
    return turn;
  });
}

/** The message for a block that should start with a cue timing (after an optional identifier) but does not. */
export function noTiming(block: Block, expected: string): MalformedTranscript {
  return new MalformedTranscript(block.at + 1, `expected ${expected}, found "${clip(block.lines[0]!.trim())}".`);
}
