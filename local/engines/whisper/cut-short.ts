/**
 * Whisper sometimes ends a piece after its first sentence or two and leaves out the rest, or loops, and the
 * hallucination guard then drops the whole piece: a 31 s piece of six turns of a tenants' meeting (a promise, a rule,
 * a request) was lost that way. A piece whose text is far shorter than its speech allows, or was dropped as a loop,
 * is decoded again in two halves (split between its speech regions), and the halves are kept when together they hold
 * more words.
 */
import { speechSeconds, type Piece } from './chunker.js';
import { splitWords } from './words.js';

/** People (and espeak voices) say 2–3 words a second; fewer than one a second of speech means words were left out. */
export const MIN_WORDS_PER_SECOND = 1;
/** How many times a piece may be halved (so at most four quarters are decoded again). */
const MAX_SPLITS = 2;
/** Shorter pieces are left alone: a few slow words are no sign of a cut. */
const MIN_SPEECH_SECONDS = 8;

/** True when `text` holds too few words for the speech of `piece` and the piece can be halved. */
export function cutShort(text: string, piece: Piece): boolean {
  const seconds = speechSeconds(piece);
  return piece.speech.length >= 2 && seconds >= MIN_SPEECH_SECONDS && splitWords(text).length < MIN_WORDS_PER_SECOND * seconds;
}

/** The piece as two, split between regions at its middle region. */
export function halves(piece: Piece): [Piece, Piece] {
  const k = Math.ceil(piece.speech.length / 2);
  const part = (speech: Piece['speech'], stretches: Piece['stretches']): Piece => ({ start: stretches[0]!.start, end: stretches.at(-1)!.end, speech,
    stretches });
  return [part(piece.speech.slice(0, k), piece.stretches.slice(0, k)), part(piece.speech.slice(k), piece.stretches.slice(k))];
}

/**
 * `decode(piece)`; when its text was cut short, or dropped by the hallucination guard (a loop), the halves decoded
 * instead if they hold more words — as Whisper itself decodes again when a window loops, here with less audio rather
 * than a higher temperature, which this graph does not take.
 */
export async function decodeWithRetry<T extends { text: string; dropped?: string }>(piece: Piece, decode: (piece: Piece) => Promise<T>,
  depth = MAX_SPLITS): Promise<T[]> {
  const whole = await decode(piece);
  if (depth === 0 || piece.speech.length < 2 || (whole.dropped === undefined && !cutShort(whole.text, piece))) return [whole];
  const parts = (await Promise.all(halves(piece).map((half) => decodeWithRetry(half, decode, depth - 1)))).flat();
  const words = (o: T) => (o.dropped !== undefined ? 0 : splitWords(o.text).length);
  return parts.reduce((sum, o) => sum + words(o), 0) > words(whole) ? parts : [whole];
}
