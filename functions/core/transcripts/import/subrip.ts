import { blocksOf, cueTurns, noTiming } from './cues.js';
import { linesOf, type ImportedTurn } from './model.js';

const EXAMPLE = '00:00:01,000 --> 00:00:04,000';

/**
 * A SubRip file (numbered cues: number, `start --> end`, text lines) as turns, one per cue voice ("Name: words" or
 * `<v Name>` names the speaker). A missing cue number is tolerated. Throws MalformedTranscript naming the line.
 */
export function parseSubRip(text: string): ImportedTurn[] {
  return blocksOf(linesOf(text)).flatMap((block) => {
    if (block.lines[0]!.includes('-->')) return cueTurns(block, 0, EXAMPLE);
    if (/^\s*\d+\s*$/.test(block.lines[0]!)) {
      if (block.lines[1] === undefined) return [];
      if (block.lines[1].includes('-->')) return cueTurns(block, 1, EXAMPLE);
      throw noTiming({ at: block.at + 1, lines: block.lines.slice(1) }, `a cue timing such as "${EXAMPLE}" under the cue number`);
    }
    throw noTiming(block, `a cue number or a cue timing such as "${EXAMPLE}"`);
  });
}
