import { MalformedTranscript } from './errors.js';
import type { ImportedTurn } from './model.js';

const EXAMPLE = '[{"speaker": "Alice", "text": "Hello", "start": 0, "end": 1.5}]';

/**
 * A JSON list of turns `{speaker, text, start?, end?}` (seconds; `content` is read as `text`, as QMSum writes it). Every
 * turn is kept in order, an empty text too, so turn i of the file is line i of the transcript. Throws
 * MalformedTranscript naming the line of the turn (or of the syntax error).
 */
export function parseJsonTurns(text: string): ImportedTurn[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const { line, problem } = syntaxError(text, (error as Error).message);
    throw new MalformedTranscript(line, `the file is not valid JSON (${problem}).`);
  }
  if (!Array.isArray(value)) throw new MalformedTranscript(1, `expected a JSON list of turns, such as ${EXAMPLE}.`);
  const lines = elementLines(text);
  return value.map((item, i) => turnOf(item, i, lines[i] ?? 1));
}

function turnOf(item: unknown, i: number, line: number): ImportedTurn {
  const n = i + 1;
  if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new MalformedTranscript(line,
    `turn ${n} is not an object such as {"speaker": "Alice", "text": "Hello"}.`);
  const turn = item as Record<string, unknown>;
  const speaker = typeof turn.speaker === 'string' ? turn.speaker.trim().replace(/\s+/g, ' ') : '';
  if (!speaker) throw new MalformedTranscript(line, `turn ${n} has no "speaker" (the name of who spoke).`);
  const said = turn.text ?? turn.content;
  if (typeof said !== 'string') throw new MalformedTranscript(line, `turn ${n} has no "text" (what was said, as a string).`);
  const start = seconds(turn.start, 'start', n, line);
  const end = seconds(turn.end, 'end', n, line);
  if (start !== undefined && end !== undefined && end < start) throw new MalformedTranscript(line, `turn ${n} ends before it starts.`);
  return { speaker, text: said.replace(/\s+/g, ' ').trim(), ...(start === undefined ? {} : { start }), ...(end === undefined ? {} : { end }), line };
}

function seconds(value: unknown, field: string, n: number, line: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new MalformedTranscript(line, `"${field}" of turn ${n} must be a number of seconds from the start (0 or more).`);
  }
  return value;
}

/** The 1-based line on which each element of the top-level array starts. */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expecting = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (depth === 1 && expecting && !/\s/.test(c) && c !== ']') {
      lines.push(line);
      expecting = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1) expecting = true;
    } else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 1) expecting = true;
  }
  return lines;
}

/** Line and message of a JSON.parse error ("… at position 42" or "(line 3 column 5)"). */
function syntaxError(text: string, message: string): { line: number; problem: string } {
  const problem = message.replace(/\s*(in JSON )?at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)/, '').trim() || 'syntax error';
  const explicit = /line (\d+) column/.exec(message);
  if (explicit) return { line: Number(explicit[1]), problem };
  const position = /position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : text.length;
  return { line: text.slice(0, offset).split(/\r\n|\r|\n/).length, problem };
}
