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
  return values.map((value, i) => ({ text: value, lower: value.toLowerCase(), lemma: (lemmas[i] ?? value).toLowerCase(), pos: pos[i] ?? 'X', stop: Boolean(stops[i]) }));
}
