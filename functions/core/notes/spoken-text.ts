/**
 * Spoken text as written notes need it, for transcripts written down as they were spoken (human meeting
 * transcripts such as AMI's and ICSI's): transcriber marks ("{disfmarker}", "{vocalsound}", "{gap}", "@ @"),
 * tokenised punctuation ("I 'd", "belief - net", "now ,"), stutters and cut-off words before the word said in
 * full ("b buttons", "th the"), then the clean-up of cleanSentence (fillers, repeats, openers).
 * Also: a task said in the first or second person as a plain imperative ("I'll look into the LCD cost" →
 * "look into the LCD cost"), and who owns it.
 */
import { cleanSentence } from './disfluency.js';

/** Transcriber marks in braces or brackets, and "@ @" (an unintelligible word). */
const MARKS = /\{[a-z_]+\}|\[[a-z_ ]+\]|(?:^|\s)@(?:\s*@)*(?=\s|$)/gi;

/** The text without transcriber marks, with punctuation and contractions joined the way they are written. */
export function withoutMarks(text: string): string {
  return ` ${text} `
    .replace(MARKS, ' ')
    .replace(/\s+(['’](?:s|d|ll|re|ve|m|t)|n['’]t)\b/gi, '$1')
    .replace(/(\p{L})\s+-\s+(\p{L})/gu, '$1-$2')
    .replace(/\s+([,.;:?!])/g, '$1')
    .replace(/([,.;:?!])(?=[\p{L}])/gu, '$1 ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** A cut-off start of the next word ("b buttons", "th the", "expl explain"); "a" and "I" are words, not fragments. */
function dropFragments(text: string): string {
  const tokens = text.split(' ');
  const out: string[] = [];
  tokens.forEach((token, i) => {
    const next = tokens[i + 1]?.toLowerCase().replace(/[^\p{L}']/gu, '');
    const bare = token.toLowerCase().replace(/-$/, '');
    const isFragment = next !== undefined && /^\p{L}{1,4}-?$/u.test(token) && bare !== 'a' && bare !== 'i'
      && next.length > bare.length && next.startsWith(bare);
    if (!isFragment) out.push(token);
  });
  return out.join(' ');
}

/** A turn or sentence as a notes line: no marks, fragments, stutters, fillers or opening discourse markers. */
export function cleanSpoken(text: string, options: { keepOpeners?: boolean } = {}): string {
  return cleanSentence(dropFragments(withoutMarks(text)), options);
}

/** How a task is said, and so who does it. */
export type TaskVoice = 'self' | 'addressee' | 'group' | 'other';

interface TaskPhrase { readonly voice: TaskVoice; readonly task: string }

const MODAL = String.raw`(?:'ll|\s+will|\s+would|\s+shall|\s+can|\s+could|\s+should|\s+must|\s+might|\s+may|\s+have\s+to|\s+need\s+to|\s+want\s+to|(?:'m|'re|\s+am|\s+are)\s+(?:gonna|going\s+to)|\s+gonna|\s+got\s+to|\s+gotta|'d\s+(?:like|love)\s+to|\s+(?:'d|would)\s+better)`;
const SOFTENERS = String.raw`(?:(?:also|probably|just|maybe|then|definitely|certainly|still|actually|try\s+(?:and|to))\s+)*`;
const PATTERNS: ReadonlyArray<[TaskVoice, RegExp]> = [
  ['addressee', new RegExp(String.raw`\b(?:can|could|would|will)\s+you\s+${SOFTENERS}(?:please\s+)?(.+)`, 'i')],
  ['self', new RegExp(String.raw`\b(?:let\s+me|I${MODAL})\s+${SOFTENERS}(.+)`, 'i')],
  ['addressee', new RegExp(String.raw`\byou(?:${MODAL})\s+${SOFTENERS}(.+)`, 'i')],
  ['group', new RegExp(String.raw`\b(?:let's|let\s+us|we${MODAL})\s+${SOFTENERS}(.+)`, 'i')],
];

/** The imperative task of a sentence said in the first or second person, and how it was said; null when it names no task so. */
export function taskPhrase(sentence: string): TaskPhrase | null {
  for (const [voice, pattern] of PATTERNS) {
    const match = pattern.exec(sentence);
    if (!match) continue;
    const task = tidyTask(match[1]!);
    if (task) return { voice, task };
  }
  return null;
}

/** The task as a short imperative: first person turned round ("my" → "their" is not guessed: "my" stays), no end punctuation. */
function tidyTask(text: string): string {
  const out = text
    .replace(/\s*[?.!]+.*$/, '')
    .replace(/^(?:do|be)\s+(?=that|this|it\b)/i, (m) => m)
    .replace(/\s*,?\s*(?:okay|ok|right|yeah|please)\s*$/i, '')
    .replace(/[,;:]+$/, '')
    .trim();
  return out.split(/\s+/).length >= 2 ? out : '';
}

export interface OwnerContext {
  /** The speaker of the sentence (a name). */
  readonly speaker: string;
  /** The next other speaker, when they answer within the next turns. */
  readonly answeredBy?: string;
  /** The previous other speaker. */
  readonly previous?: string;
  /** The meeting's speaker names, to find one named in the sentence. */
  readonly names: readonly string[];
}

/**
 * Who owns a task (ANNOTATION.md): the speaker for "I'll…"; the addressee for "can you…"/"you'll…" (a speaker named
 * in the sentence, else the one who answers, else the one spoken to before); a speaker named as the doer; null for
 * "we"/"let's" said with nobody named; otherwise the speaker.
 */
export function ownerOf(sentence: string, voice: TaskVoice | null, ctx: OwnerContext): string | null {
  const named = ctx.names.filter((n) => n !== ctx.speaker && new RegExp(String.raw`\b${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\b`, 'i').test(sentence));
  if (voice === 'self') return ctx.speaker;
  if (voice === 'addressee') return named[0] ?? ctx.answeredBy ?? ctx.previous ?? null;
  if (named.length === 1) return named[0]!;
  return ctx.speaker;
}
