import { MalformedTranscript } from './errors.js';
import { linesOf, type ImportedTurn } from './model.js';
import { isSpeakerName, speakerHeading, splitSpeakerPrefix } from './speaker-prefix.js';
import { parseTimestamp } from './timecode.js';

const STAMP = String.raw`\d{1,3}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?`;
const BRACKETED = /^[[(]([^\])]{1,20})[\])]\s*(.*)$/;
const BARE = new RegExp(`^(${STAMP})\\s+(.*)$`);
/** Otter-style heading: a name, then the time, alone on the line ("Priya Shah  0:03"). */
const NAME_THEN_TIME = new RegExp(`^(.+?)\\s+(${STAMP})$`);

/** A line's leading time stamp (`[hh:mm:ss]`, `(hh:mm:ss)` or `hh:mm:ss `) and the rest. Throws for a bracketed non-time. */
function leadingTime(line: string, lineNumber: number): { start?: number; rest: string } {
  const bracketed = BRACKETED.exec(line);
  if (bracketed && /^[\d:.,\s]+$/.test(bracketed[1]!)) {
    const start = parseTimestamp(bracketed[1]!);
    if (start === undefined) throw new MalformedTranscript(lineNumber, `"${bracketed[1]}" is not a time (expected [hh:mm:ss]).`);
    return { start, rest: bracketed[2]! };
  }
  const bare = BARE.exec(line);
  const start = bare ? parseTimestamp(bare[1]!) : undefined;
  return start !== undefined ? { start, rest: bare![2]! } : { rest: line };
}

/**
 * A text transcript: `Name: words` lines, each optionally after a `[hh:mm:ss]` or `hh:mm:ss` time; a line without a
 * speaker continues the turn before it; `Name:` or `Name  0:03` alone on a line starts a turn whose words follow.
 * Throws MalformedTranscript for words before any speaker, or a bracketed time that is not one.
 */
export function parsePlainText(text: string): ImportedTurn[] {
  const turns: Array<{ speaker: string; words: string[]; start?: number; line: number }> = [];
  linesOf(text).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const { start, rest } = leadingTime(line, i + 1);
    const said = splitSpeakerPrefix(rest);
    const named = said ? undefined : speakerHeading(rest);
    const heading = said ? undefined : named !== undefined ? { speaker: named, start: undefined } : otterHeading(rest);
    if (said || heading) {
      const name = said?.speaker ?? heading!.speaker;
      const at = start ?? heading?.start;
      turns.push({ speaker: name, words: said ? [said.text] : [], ...(at === undefined ? {} : { start: at }), line: i + 1 });
    } else if (turns.length > 0) {
      turns.at(-1)!.words.push(rest);
    } else {
      throw new MalformedTranscript(i + 1,
        'expected "Name: words" (a speaker\'s name, a colon, then what they said), as every turn of a text transcript starts.');
    }
  });
  return turns
    .map(({ speaker, words, start, line }) => ({ speaker, text: words.join(' ').replace(/\s+/g, ' ').trim(), ...(start === undefined ? {} : { start }), line }))
    .filter((t) => t.text !== '');
}

function otterHeading(rest: string): { speaker: string; start: number } | undefined {
  const match = NAME_THEN_TIME.exec(rest);
  const start = match ? parseTimestamp(match[2]!) : undefined;
  const speaker = match?.[1]!.trim().replace(/\s+/g, ' ');
  return speaker && start !== undefined && isSpeakerName(speaker) ? { speaker, start } : undefined;
}
