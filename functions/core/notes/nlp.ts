import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/** A word of a sentence with its universal part-of-speech tag (wink-nlp's English lite model). */
export interface TaggedToken {
  readonly text: string;
  readonly lower: string;
  readonly lemma: string;
  readonly pos: string;
  readonly stop: boolean;
}

let nlp: ReturnType<typeof winkNLP> | undefined;

/** Tokens of a text with part-of-speech tags, lemmas and stop-word flags (the model is loaded once, on first use). */
export function tag(text: string): TaggedToken[] {
  nlp ??= winkNLP(model);
  const its = nlp.its;
  const tokens = nlp.readDoc(text).tokens();
  const values = tokens.out(its.value) as string[];
  const pos = tokens.out(its.pos) as string[];
  const lemmas = tokens.out(its.lemma as never) as unknown as string[];
  const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const out = values.map((value, i) => ({ text: value, lower: value.toLowerCase(), lemma: (lemmas[i] ?? value).toLowerCase(), pos: pos[i] ?? 'X',
    stop: Boolean(stops[i]) }));
  return joinHyphenated(out, spaces);
}

/** A word the tokenizer split at its hyphen ("check", "-", "in") is one word again: "check-in", a noun when either part is one, an adjective after a number. */
function joinHyphenated(tokens: TaggedToken[], spaces: readonly string[]): TaggedToken[] {
  const out: TaggedToken[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const [left, hyphen, right] = [out.at(-1), tokens[i]!, tokens[i + 1]];
    if (hyphen.text === '-' && left && right && !spaces[i] && !spaces[i + 1] && /^[\p{L}\p{N}]/u.test(left.text) && /^[\p{L}\p{N}]/u.test(right.text)) {
      const text = `${left.text}-${right.text}`;
      // A number first ("one-year", "two-factor") makes a modifier.
      const pos = left.pos === 'NUM' ? 'ADJ' : [left, right].some((t) => t.pos === 'NOUN' || t.pos === 'PROPN') ? 'NOUN' : right.pos;
      out[out.length - 1] = { text, lower: text.toLowerCase(), lemma: `${left.lower}-${right.lemma}`, pos, stop: false };
      i++;
      continue;
    }
    out.push(hyphen);
  }
  return out;
}
