/**
 * Names said in the meeting (issue 30): "I'm Sarah from finance" and "this is Tom" name the one speaking,
 * "thanks, Priya" the one who spoke just before, "over to you, Dev" the one who speaks next. Answers
 * suggestions with the line they come from; the host accepts or rejects each (nothing is applied here).
 */
import { frequencyRank } from '../notes/word-commonness.js';

export interface SpokenTurn {
  /** Display label (`Speaker 2`). */
  readonly speaker: string;
  readonly start: number;
  readonly text: string;
}

export interface NameSuggestion {
  readonly speaker: string;
  readonly name: string;
  /** The line the name comes from, and when it was said (seconds). */
  readonly line: string;
  readonly start: number;
  readonly said_by: string;
}

type Whom = 'self' | 'previous' | 'next';

const NAME = String.raw`([A-Z][a-z]+(?:[-'][A-Z][a-z]+)?)`;
const AFTER_SELF = String.raw`(?=\s*(?:$|[,.!?;]|\s(?:from|here|speaking|with|in|on|and|at)\b))`;
const PATTERNS: ReadonlyArray<{ whom: Whom; re: RegExp }> = [
  { whom: 'self', re: new RegExp(String.raw`\b(?:I'm|I am|[Mm]y name is|[Mm]y name's|I'm called)\s+${NAME}${AFTER_SELF}`) },
  { whom: 'self', re: new RegExp(
    String.raw`(?:^|\b(?:[Hh]i|[Hh]ello|[Hh]ey|[Mm]orning|[Aa]fternoon)\b[,!.]?\s+)(?:[Tt]his is|[Ii]t's)\s+${NAME}${AFTER_SELF}`) },
  { whom: 'self', re: new RegExp(String.raw`^${NAME} here\b`) },
  { whom: 'previous', re: new RegExp(
    String.raw`^(?:[A-Z][a-z]+,\s+)?(?:[Tt]hanks|[Tt]hank you|[Cc]heers|[Gg]reat, thanks|O[Kk](?:ay)?, thanks)(?: (?:so much|very much))?,?\s+${NAME}(?=\s*(?:$|[,.!?;]|\s(?:for|that|and)\b))`) },
  { whom: 'next', re: new RegExp(
    String.raw`\b(?:[Oo]ver to you|[Yy]our turn|[Gg]o ahead|[Yy]ou're up|[Ff]loor is yours)(?: now)?,?\s+${NAME}(?=\s*(?:$|[,.!?;]))`) },
  { whom: 'next', re: new RegExp(String.raw`(?:^|[,.]\s+)${NAME},?\s+(?:over to you|your turn|go ahead|the floor is yours)\b`) },
  // A line opening on someone's name ("Daniel, could you book the movers?") is answered by that person.
  { whom: 'next', re: new RegExp(
    String.raw`^(?:(?:OK|Okay|Right|So|And|Good|Great|Thanks|Well),\s+)?${NAME},\s+(?=(?:you|your|could|can|would|will|are|do|did|have|has|what|what's|how|how's|when|where|is|any|please|thoughts|anything)\b)`) },
];

/** Capitalised words that are never names in these phrases. */
const NOT_NAMES = new Set([
  'i', 'ok', 'okay', 'so', 'yes', 'no', 'not', 'just', 'also', 'really', 'sure', 'going', 'here', 'there', 'good', 'fine', 'glad', 'happy',
  'sorry', 'afraid', 'everyone', 'everybody', 'all', 'guys', 'team', 'folks', 'again', 'then', 'now', 'well', 'very', 'back', 'done', 'ready',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december', 'today', 'tomorrow', 'english', 'speaker', 'sir', 'madam', 'mate',
  'aye', 'alright', 'agreed', 'yep', 'yeah', 'yup', 'nope', 'brilliant', 'wonderful', 'anyway', 'ah', 'ha', 'hmm', 'um', 'uh', 'oh', 'great',
  'perfect', 'lovely', 'cool', 'nice', 'excellent', 'fair', 'honestly', 'chef', 'boss', 'doc', 'love', 'darling', 'folk', 'guys', 'ladies',
  'gentlemen', 'listen', 'look', 'sorry', 'please', 'hi', 'hello', 'hey', 'morning', 'afternoon', 'evening', 'cheers', 'thanks',
]);
/** More common words than this rank are words, not names ("Will", "Mark" are lost; "I'm Fine" is not a name). */
const COMMON_RANK = 400;

function isName(word: string): boolean {
  const lower = word.toLowerCase();
  if (NOT_NAMES.has(lower) || /ly$/.test(lower)) return false;
  const rank = frequencyRank(lower);
  return rank === undefined || rank > COMMON_RANK;
}

/** The names a line says, and whom each names. */
export function namesInLine(text: string): { whom: Whom; name: string }[] {
  const found: { whom: Whom; name: string }[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    for (const { whom, re } of PATTERNS) {
      const name = re.exec(sentence.trim())?.[1];
      if (name && isName(name) && !found.some((f) => f.name === name && f.whom === whom)) found.push({ whom, name });
    }
  }
  return found;
}

function neighbour(turns: readonly SpokenTurn[], at: number, step: -1 | 1): string | undefined {
  for (let i = at + step; i >= 0 && i < turns.length; i += step) if (turns[i]!.speaker !== turns[at]!.speaker) return turns[i]!.speaker;
  return undefined;
}

/**
 * Suggested names for the speakers of a transcript. One suggestion per speaker and per name (the name most often
 * pointing at a speaker wins; a name goes to the speaker it points at most). Speakers already carrying the name
 * (`current`) get none.
 */
export function suggestSpeakerNames(turns: readonly SpokenTurn[], current: Readonly<Record<string, string>> = {}): NameSuggestion[] {
  const votes = new Map<string, { speaker: string; name: string; count: number; first: NameSuggestion }>();
  turns.forEach((turn, i) => {
    for (const { whom, name } of namesInLine(turn.text)) {
      const speaker = whom === 'self' ? turn.speaker : neighbour(turns, i, whom === 'previous' ? -1 : 1);
      if (!speaker || (whom !== 'self' && speaker === turn.speaker)) continue;
      const key = `${speaker}\u0000${name}`;
      const vote = votes.get(key) ?? { speaker, name, count: 0, first: { speaker, name, line: turn.text, start: turn.start, said_by: turn.speaker } };
      vote.count += whom === 'self' ? 2 : 1;
      votes.set(key, vote);
    }
  });
  const ranked = [...votes.values()].sort((a, b) => b.count - a.count || a.first.start - b.first.start);
  const speakersTaken = new Set<string>();
  const namesTaken = new Set<string>();
  const out: NameSuggestion[] = [];
  for (const v of ranked) {
    if (speakersTaken.has(v.speaker) || namesTaken.has(v.name.toLowerCase())) continue;
    speakersTaken.add(v.speaker);
    namesTaken.add(v.name.toLowerCase());
    if ((current[v.speaker] ?? '').trim().toLowerCase() !== v.name.toLowerCase()) out.push(v.first);
  }
  return out.sort((a, b) => a.start - b.start);
}
