/**
 * Decisions: sentences that record an agreement ("we agreed to…", "let's go with…", "we decided…"). A
 * bare agreement ("Agreed.", "Then we agreed.") takes its content from the same speaker's next sentence,
 * or else from the sentence it answers. The decision is written without its marker when what remains can
 * stand alone ("We decided to move the launch" → "Move the launch").
 */
export interface DecisionSentence { readonly text: string; readonly speaker: string; readonly start: number; readonly end: number }
export interface Decision { readonly text: string; readonly start: number; readonly end: number }

const MARKERS: readonly RegExp[] = [
  /\b(?:we|we've|we have|we all|everyone|everybody|all of us|the team|they)\s+(?:all\s+|both\s+|just\s+|now\s+|finally\s+)?(?:agreed|decided|settled|chose|approved|signed off)\b/i,
  /\b(?:it's|it is|that's|that is)\s+(?:agreed|decided|settled|final)\b/i,
  /\b(?:agreed|decided)\s+(?:to|that|on)\b/i,
  /\b(?:let's|let us)\s+(?:go|stick|stay)\s+with\b/i,
  /\b(?:let's|let us)\s+(?:use|keep|choose|pick|adopt|approve|switch to|move)\b/i,
  /\b(?:we'll|we will|we're going to|we are going to|we're|we are)\s+(?:go|going|stick|sticking)\s+with\b/i,
  /\b(?:the|our|my)\s+(?:final\s+)?decision\s+(?:is|was)\b/i,
  /^\s*(?:agreed|decided|done|settled)\s*[.!]?\s*$/i,
  /\b(?:we're|we are|we're all|we are all)\s+(?:all\s+)?agreed\b/i,
  /^\s*(?:agreed|decided|settled)\s*[,:;]\s*\w+/i,
  // A conclusion word, then what the team will do: "Fine, we'll hire an outside firm."
  /^\s*(?:fine|okay|ok|alright|all right|right|good|great|so|then)\b[^.?!]*?\bwe(?:'ll| will| are going to|'re going to)\s+(?!need\b|have to\b|see\b|talk\b|discuss\b|look\b|come back\b|get back\b|probably\b|maybe\b|think\b|try\b|figure\b|check\b)\w+/i,
];
const NEGATED = /\b(?:not|n't|never|yet to|undecided|haven't|hasn't|didn't|nothing)\b[^.?!]*?\b(?:agreed|decided|settled|decision)\b|\b(?:need|needs|have|has|should|must|going)\s+to\s+(?:decide|agree|settle)\b|\bif\s+we\b/i;

/** True when the sentence records an agreement. */
export function isDecision(text: string): boolean {
  if (/\?\s*$/.test(text)) return false;
  return MARKERS.some((m) => m.test(text)) && !NEGATED.test(text);
}

const STRIP = /^(?:.*?\b)?(?:we|we've|we have|we all|everyone|everybody|all of us|the team)?\s*(?:all\s+|both\s+|just\s+|now\s+|finally\s+)?(?:have\s+)?(?:agreed|decided)\s+(?:to|that|on)\s+/i;
const STRIP_LETS = /^(?:.*?\b)?(?:let's|let us)\s+/i;
const STRIP_AGREED = /^\s*(?:(?:then|so|okay|ok|fine|alright)\s*,?\s*)*(?:agreed|decided|settled|we're agreed|we are agreed|we're all agreed)\s*[,:;]\s*/i;
const wordCount = (text: string) => (text.match(/[\p{L}\p{N}']+/gu) ?? []).length;
const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
const withStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** A decision without its marker when enough remains ("We agreed to hire the Leeds movers." → "Hire the Leeds movers."). */
export function decisionText(text: string): string {
  const t = text.trim();
  for (const strip of [STRIP, STRIP_LETS, STRIP_AGREED]) {
    const rest = t.replace(strip, '');
    if (rest !== t && wordCount(rest) >= 3) return withStop(capitalise(rest.replace(/^that\s+/i, '')));
  }
  return withStop(capitalise(t));
}

/** Says only that something was agreed, not what ("Then we agreed.", "Agreed, let's do that."). */
const isBare = (text: string) => wordCount(text.replace(/\b(?:then|so|okay|ok|well|good|great|fine|alright|right|yes|yeah|let's do that|let's do it|on that|it)\b/gi, '')) <= 2;

/** The decisions of a meeting, in meeting order, without repeats. `sentences` are cleaned of fillers. */
export function findDecisions(sentences: readonly DecisionSentence[]): Decision[] {
  const out: Decision[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    if (!isDecision(s.text)) continue;
    if (isBare(s.text)) {
      const next = sentences[i + 1];
      const previous = sentences[i - 1];
      const source = next && next.speaker === s.speaker && !isDecision(next.text) ? next : previous && previous.speaker !== s.speaker ? previous : undefined;
      if (!source || wordCount(source.text) < 4) continue;
      out.push({ text: decisionText(source.text), start: Math.min(s.start, source.start), end: Math.max(s.end, source.end) });
      if (source === next) i++;
      continue;
    }
    out.push({ text: decisionText(s.text), start: s.start, end: s.end });
  }
  return out.filter((d, i) => out.findIndex((e) => e.text.toLowerCase() === d.text.toLowerCase()) === i);
}
