/**
 * Spoken-language clean-up for notes: fillers ("um", "you know"), discourse markers at the start of a
 * sentence ("so, okay, well"), stutters and repeated words ("the the", "I think I think") are removed, so
 * a summary bullet reads as written text. Works on punctuated, cased text (Whisper, Transcribe) and on
 * lower-case unpunctuated text (pocketsphinx) alike.
 */

/** Sounds that are never words. */
const HESITATIONS = String.raw`u+h+m*|u+m+|e+r+m*|a+h+|e+h+|h+m+|m+h*m+|uh-huh|mm-hmm`;
/** Phrases that are fillers wherever they stand between commas or at a sentence edge. */
const PARENTHETICAL = String.raw`you know|i mean|you see|kind of like|like|basically|actually|literally|sort of|i guess|i suppose`;
/** Words that only open a sentence ("So, ...", "Okay so ...", "And yeah, ..."). */
const OPENERS = String.raw`so|well|okay|ok|right|alright|all right|yeah|yes|yep|oh|and|but|now|anyway|anyways|good|great|fine|sure|cool|hey|hi`;

const HESITATION = new RegExp(String.raw`[,;]?(^|\s)(?:${HESITATIONS})(?=[\s,.;?!]|$)[,;]?`, 'gi');
const PARENTHETICAL_MIDDLE = new RegExp(String.raw`,\s*(?:${PARENTHETICAL})\s*,`, 'gi');
const PARENTHETICAL_START = new RegExp(String.raw`^(?:(?:${PARENTHETICAL})\s*,|you know|i mean)\s*`, 'i');
const PARENTHETICAL_END = new RegExp(String.raw`,\s*(?:${PARENTHETICAL}|right|okay|yeah|ok)\s*[.?!]*$`, 'i');
const OPENER = new RegExp(String.raw`^(?:${OPENERS})\b\s*[,.]?\s*`, 'i');

/** A word cut off mid-way ("th-", "wh—") or a stutter ("I- I"). */
const FRAGMENT = /(^|\s)[\p{L}']{1,12}[-—–](?=\s|$)/gu;

/** Filler words that must not be left in a summary bullet (checked by eval:notes and the engine). */
export const FILLER = new RegExp(String.raw`(?:^|[^\p{L}'])(?:${HESITATIONS}|you know|i mean)(?=$|[^\p{L}'])`, 'iu');

/** True when the text still holds a filler word or phrase. */
export const hasFiller = (text: string): boolean => FILLER.test(text);

/** Removes a word (or a two-to-four-word run) said twice in a row: "the the", "we need we need". */
function dropRepeats(text: string): string {
  let out = text;
  for (let n = 4; n >= 1; n--) {
    const run = String.raw`[\p{L}\p{N}']+` + String.raw`(?:\s+[\p{L}\p{N}']+)`.repeat(n - 1);
    const pattern = new RegExp(String.raw`(^|[^\p{L}\p{N}'])(${run})(?:[\s,]+\2)+(?=$|[^\p{L}\p{N}'])`, 'giu');
    out = out.replace(pattern, '$1$2');
  }
  return out;
}

/**
 * The sentence without fillers, stutters, repeats and opening discourse markers, tidied and capitalised.
 * `keepOpeners`: leave the opening "Okay,"/"Fine,"/"Yes." in place (they tell an agreement from a statement).
 */
export function cleanSentence(text: string, { keepOpeners = false }: { keepOpeners?: boolean } = {}): string {
  let out = ` ${text.trim()} `.replace(/\s+/g, ' ');
  out = out.replace(FRAGMENT, '$1');
  out = out.replace(HESITATION, '$1');
  out = out.replace(PARENTHETICAL_MIDDLE, ',');
  out = tidy(out);
  out = dropRepeats(out);
  for (let changed = true; changed;) {
    const before = out;
    if (!keepOpeners) out = out.replace(OPENER, '');
    out = out.replace(PARENTHETICAL_START, '').replace(/^[,;:.\s]+/, '');
    changed = out !== before;
  }
  out = out.replace(PARENTHETICAL_END, '.');
  out = tidy(out);
  if (!out) return '';
  return out[0]!.toUpperCase() + out.slice(1);
}

function tidy(text: string): string {
  return text
    .replace(/\s+([,.;:?!])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/,\s*([.?!])/g, '$1')
    .replace(/,\s*(and|but|so|or)\s*,/gi, ', $1')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,;:]+/, '')
    .trim();
}

const DANGLING = /\b(?:a|an|the|and|or|but|so|to|of|with|for|from|my|your|our|their|is|are|was|were|because|if|than|i|we|they)\s*[.?!]*$/i;

/** A sentence that cannot stand as a note: too short, or it stops on a word that needs a continuation. */
export function isBroken(text: string): boolean {
  const words = text.match(/[\p{L}\p{N}']+/gu) ?? [];
  return words.length < 4 || DANGLING.test(text.trim());
}
