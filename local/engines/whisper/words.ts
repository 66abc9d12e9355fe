/**
 * Word times for Whisper's text. The graph returns text only (its beam search output is decoded inside
 * it, with no timestamp tokens), so times are estimated. A piece is several speech regions (Silero)
 * joined, and people pause where sentences end and turns change; so the piece's words are first shared
 * out over its regions, one run of words per region, choosing the split that best fits each region's
 * length at the piece's own speaking rate while putting region breaks after sentence ends (or commas)
 * where the fit allows (`shareOverRegions`). Inside a region each word takes time in proportion to its
 * length in letters plus one. Without that first step a turn change landed a word or two off (the last
 * word of one speaker's line went to the next speaker), which split sentences and requests in the notes.
 */
import type { RecognizedWord } from '../types.js';
import type { SpeechRegion } from '../vad.js';

/** Splits Whisper's text into word tokens; punctuation-only tokens (e.g. '-', '...') are attached to the word before. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const raw of text.trim().split(/\s+/)) {
    // Quotes and brackets around a word are not part of it; sentence punctuation after it is.
    const token = raw.replace(/^["'“‘([\-–—]+/u, '').replace(/["”’)\]]+(?=[.,!?;:]*$)/u, '');
    if (!/[\p{L}\p{N}]/u.test(token)) {
      const mark = /[.!?,;:]/.exec(token)?.[0];
      if (mark && words.length > 0 && !/[.!?,;:]$/.test(words[words.length - 1]!)) words[words.length - 1] += mark;
      continue;
    }
    words.push(token);
  }
  return words;
}

/** What a break between two regions costs after a word: none after a sentence end, a little after a comma. */
function breakCost(word: string): number {
  if (/[.!?]$/.test(word)) return 0;
  if (/[,;:]$/.test(word)) return 1;
  return 3;
}

/**
 * Shares `texts` out over `speech` (seconds, sorted) in order: returns, for each region, the index of its first word
 * (a region may get none). Dynamic programming over the split points: a region's cost is how far its words'
 * expected length (at the piece's speaking rate) is from the region's length, in units that grow with the region
 * (speaking rate varies), plus `breakCost` of the word before each inner break.
 */
export function shareOverRegions(texts: readonly string[], speech: readonly SpeechRegion[]): number[] {
  const n = texts.length;
  const m = speech.length;
  if (m <= 1 || n === 0) return speech.map(() => 0);
  const prefix = [0];
  for (const t of texts) prefix.push(prefix[prefix.length - 1]! + weightOf(t));
  const seconds = speech.map((r) => Math.max(0, r.end - r.start));
  const rate = prefix[n]! / Math.max(1e-6, seconds.reduce((a, b) => a + b, 0));
  const fit = (r: number, from: number, to: number) => {
    const tolerance = 0.3 + 0.25 * seconds[r]!;
    return (((prefix[to]! - prefix[from]!) / rate - seconds[r]!) / tolerance) ** 2;
  };
  // cost[r][j]: best cost of the first j words over the first r + 1 regions; from[r][j]: where region r's words start.
  const cost = Array.from({ length: m }, () => new Float64Array(n + 1).fill(Infinity));
  const from = Array.from({ length: m }, () => new Int32Array(n + 1));
  for (let j = 0; j <= n; j++) cost[0]![j] = fit(0, 0, j);
  for (let r = 1; r < m; r++) {
    for (let j = 0; j <= n; j++) {
      for (let i = 0; i <= j; i++) {
        const before = cost[r - 1]![i]!;
        if (before === Infinity) continue;
        const c = before + (i > 0 && i < n ? breakCost(texts[i - 1]!) : 0) + fit(r, i, j);
        if (c < cost[r]![j]!) { cost[r]![j] = c; from[r]![j] = i; }
      }
    }
  }
  const starts = new Array<number>(m).fill(0);
  let j = n;
  for (let r = m - 1; r >= 1; r--) { starts[r] = from[r]![j]!; j = starts[r]!; }
  return starts;
}

/** Places `texts` over `speech` (seconds, sorted): a run of words per region (`shareOverRegions`), in proportion to length inside it. */
export function interpolateWords(texts: readonly string[], speech: readonly SpeechRegion[], confidence = 1): RecognizedWord[] {
  if (texts.length === 0 || speech.length === 0) return [];
  const starts = shareOverRegions(texts, speech);
  return speech.flatMap((region, r) => spread(texts.slice(starts[r]!, r + 1 < speech.length ? starts[r + 1]! : texts.length), region, confidence));
}

/** Letters and digits plus one: a word's share of the time. */
function weightOf(text: string): number {
  return text.replace(/[^\p{L}\p{N}]/gu, '').length + 1;
}

/** `texts` over one region, each in proportion to its weight. */
function spread(texts: readonly string[], region: SpeechRegion, confidence: number): RecognizedWord[] {
  const length = region.end - region.start;
  if (texts.length === 0 || length <= 0) return [];
  const weights = texts.map(weightOf);
  const sum = weights.reduce((a, b) => a + b, 0);
  let at = region.start;
  return texts.map((text, i) => {
    const start = at;
    at += (length * weights[i]!) / sum;
    return { text, start: round3(start), end: round3(i === texts.length - 1 ? region.end : at), confidence, speaker: 0 };
  });
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
