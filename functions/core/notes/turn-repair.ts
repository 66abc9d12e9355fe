/**
 * Repairs two ways a diarized speech-engine transcript breaks sentences, before notes are drafted:
 * - a run-on: the engine left out a full stop, and a capitalised "And"/"The"/"I'll"… starts the next
 *   sentence in mid-text ("…the blue design And I will update the notes") — split there;
 * - a speaker boundary a word or two off: a turn ends on a fragment that begins the next speaker's sentence
 *   ("…the Miller family. I." | "Can fix the roller…"), or a turn opens on the last word of the previous
 *   speaker's sentence ("Sure, that works for." | "Me. The campaign…") — the fragment joins the sentence
 *   it belongs to, whose speaker it takes.
 * Only sentences of different speakers that follow each other within MAX_GAP seconds are joined.
 */
import type { Sentence } from '../insights/transcript.js';
import { frequencyRank } from './word-commonness.js';

const MAX_GAP = 1.5;
const STARTERS = String.raw`And|But|So|Then|The|I'll|I will|We|We'll|We're|Let's|Sounds|Okay|Sure|Thanks|Yes|Also|Do|Does|Did|Should|Could|Can|Why|How|Where|Is|Are`;
const RUN_ON = new RegExp(String.raw`(?<=[a-z]) (?=(?:${STARTERS}) )`, 'g');
const STARTER_WORD = new RegExp(String.raw`(?:^|\s)(?:${STARTERS})$`);
/** Short answers that really are a turn of their own. */
const REPLY = /^(?:yes|yeah|yep|no|nope|sure|okay|ok|right|alright|thanks|thank you|great|good|fine|agreed|exactly|cool|perfect|lovely|of course|will do|no problem|sounds good|makes sense|hmm|um|uh|well|oh|you're right|that's right|that's true|true|fair enough|good idea|great idea|I agree|I like it|not at all|happy to)\b/i;
/** Short sentences complete on their own: "that/it/this is" or "let's" with what it is ("That's the rule.", "Let's do it."). */
const COMPLETE = /^(?:that's|that is|it's|it is|this is|there's|here's|let's)\s+(?!(?:going|about|to|just|like)\b)\S/i;
/** "Saturday it is." / "Playing fields it is." ends on "is" and is still whole. */
const CHOSEN_IT_IS = /\bit\s+is\s*[.!]\s*$/i;
const DANGLING = /\b(?:a|an|the|and|or|but|so|to|of|with|for|from|my|your|our|their|is|are|was|were|because|if|than|i|we|they|you|(?<!\b(?:me|you|him|her|it|us|them|go|goes|going|went|come|comes|came|carry|carries|move|moves|hold|holds|log|logs|sign|signs|check|checks|switch|switches|turn|turns|stay|stays|keep|keeps|get|gets|let|lets|is|are|was|were|be)\s+)(?:on|in)|at|by|about|will|can|could|would|should|i'll|we'll|let's|next|going|gonna|trying|able|supposed|put|bring|give|make|take|send)\s*[.?!,]*$/i;

/** Ends on a word that cannot end a sentence at all (an article, possessive, "to", "and", "I"…): the speech engine's full stop is wrong. */
const CUT_SHORT = /(?:\b(?:a|an|the|and|or|of|to|my|your|our|their|his|its)|(?<![\p{L}'])I|\b\w+s')\s*[.,]?\s*$/iu;

const words = (text: string) => text.match(/[\p{L}\p{N}']+/gu) ?? [];
const bare = (text: string) => text.trim().replace(/[.?!,;:]+$/, '');
const CALENDAR = /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)$/i;
/** A joined fragment's first word loses its capital when it is a common word (not "I", a name or a date). */
function lowerFirst(text: string): string {
  const first = words(text)[0] ?? '';
  const common = (frequencyRank(first) ?? Infinity) <= 3000 && !CALENDAR.test(first) && first !== 'I' && !/^I'/.test(first);
  return common ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** Splits a sentence at capitalised sentence starters left in mid-text, times shared out by length. */
function splitRunOn(s: Sentence): Sentence[] {
  const cuts = [...s.text.matchAll(RUN_ON)].map((m) => m.index!).filter((at) => !STARTER_WORD.test(s.text.slice(0, at)));
  const parts = [0, ...cuts].map((from, k) => s.text.slice(from, cuts[k] ?? s.text.length).trim()).filter(Boolean);
  if (parts.length === 1) return [s];
  const total = parts.reduce((n, p) => n + p.length, 0);
  let at = s.start;
  return parts.map((text) => {
    const end = at + ((s.end - s.start) * text.length) / total;
    const part = { ...s, text: /[.?!]$/.test(text) ? text : `${text}.`, start: at, end };
    at = end;
    return part;
  });
}

/** The transcript's sentences with run-ons split and fragments joined across a misplaced speaker boundary. */
export function repairTurns(sentences: readonly Sentence[]): Sentence[] {
  const out = sentences.flatMap(splitRunOn);
  for (let i = 0; i + 1 < out.length; i++) {
    const a = out[i]!;
    const b = out[i + 1]!;
    if (b.start - a.end > MAX_GAP) continue;
    // A sentence the speech engine cut at a comma goes on in the same speaker's next one ("Rajesh," | "can you fix…").
    // …or at a word no sentence ends on ("…finish the soldiers'." | "Jackets by Thursday,").
    if (a.speaker === b.speaker && (/,\s*$/.test(a.text) || (CUT_SHORT.test(a.text) && !REPLY.test(b.text)))) {
      out.splice(i, 2, { ...a, text: `${a.text.trim().replace(/\.$/, '')} ${lowerFirst(b.text.trim())}`, end: b.end });
      i--;
      continue;
    }
    if (a.speaker === b.speaker) continue;
    const aWords = words(a.text).length;
    const bWords = words(b.text).length;
    const bContinues = out[i + 2]?.speaker === b.speaker;
    const aWasContinued = out[i - 1]?.speaker === a.speaker;
    // The next speaker's first word or two end the previous sentence ("…works for." | "Me.").
    // Only the first word when the second is an answer of its own ("…every." | "Rehearsal agreed." → "…every rehearsal." | "Agreed.").
    const answered = bWords === 2 ? /^\s*([\p{L}\p{N}']+)[,.]?\s+(agreed|yes|okay|fine|sure|deal)\s*[.!]?\s*$/iu.exec(b.text) : null;
    if (answered && (DANGLING.test(a.text) || bContinues)) {
      const split = a.end + ((b.end - b.start) * answered[1]!.length) / b.text.length;
      out.splice(i, 2, { ...a, text: `${bare(a.text)} ${lowerFirst(answered[1]!)}.`, end: split },
        { ...b, text: `${answered[2]![0]!.toUpperCase()}${answered[2]!.slice(1)}.`, start: split });
      continue;
    }
    // Not a turn cut at a comma or a word no sentence ends on that its speaker goes on with ("Grace," | "can you…"; "And I." | "Will update…").
    // A capitalised word or two that close with a full stop after a whole sentence ("…before I leave." | "Cheers. Scaffold
    // inspection.") are the next speaker's own.
    const ownStart = !DANGLING.test(a.text) && /[.!]\s*$/.test(a.text) && /^\p{Lu}/u.test(b.text.trim()) && /[.!]\s*$/.test(b.text) &&
      !/^I\b/.test(b.text.trim());
    if (bWords <= 2 && !REPLY.test(b.text) && !ownStart && (DANGLING.test(a.text) || bContinues) && !(bContinues && (/,\s*$/.test(b.text) ||
      CUT_SHORT.test(b.text)))) {
      out.splice(i, 2, { ...a, text: `${bare(a.text)} ${lowerFirst(b.text.trim())}`, end: b.end });
      i--;
      continue;
    }
    // A turn ends on the first word(s) of the next speaker's sentence ("…family. I." | "Can fix…"); a question is whole ("Anyone against it?").
    if (/\?\s*$/.test(a.text)) continue;
    // A short whole sentence before a capitalised one ("Weekend photo coverage." | "So there's the harvest fair…",
    // "Front page." | "Did anyone…") is its speaker's own; only a lower-case start says the sentence runs on.
    if ((aWords <= 3 && aWasContinued && !REPLY.test(a.text) && !(COMPLETE.test(a.text) && !DANGLING.test(a.text)) && (DANGLING.test(a.text) ||
      /^\p{Ll}/u.test(b.text.trim()))) || (aWords <= 6 && DANGLING.test(a.text) && !CHOSEN_IT_IS.test(a.text) && bWords >= 3 && !REPLY.test(b.text))) {
      out.splice(i, 2, { ...b, text: `${bare(a.text)} ${lowerFirst(b.text.trim())}`, start: a.start });
      i = Math.max(-1, i - 2);
    }
  }
  return out;
}
