/**
 * The topics of a meeting as noun-phrase keyphrases. Candidates are runs of adjectives and nouns that end
 * on a noun (wink-nlp part-of-speech tags), never holding a function word, a number, a date word or a
 * speaker's name. Each word is weighted by how often the meeting uses it times how specific it is in
 * ordinary spoken English (word-commonness.ts), so "printing press" beats "time" and "thing".
 */
import { tag, type TaggedToken } from './nlp.js';
import { frequencyRank, specificity } from './word-commonness.js';

export interface Keyphrase {
  /** As said most often ("printing press", "Miller family"). */
  readonly text: string;
  /** Lemmas of its words ("printing press" → ["printing", "press"]). */
  readonly lemmas: readonly string[];
  readonly score: number;
  /** Indexes of the sentences that use it. */
  readonly sentences: readonly number[];
  /** Plural or proper noun: read without "the". */
  readonly bare: boolean;
}

const PHRASE_POS = new Set(['NOUN', 'PROPN', 'ADJ']);
const HEAD_POS = new Set(['NOUN', 'PROPN']);
const MAX_WORDS = 3;
/** Words that never make a topic on their own or inside a phrase: time words, vague nouns, meeting talk. */
const NEVER = new Set((
  'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october ' +
  'november december weekday weekdays mondays tuesdays wednesdays thursdays fridays saturdays sundays today tomorrow yesterday tonight morning afternoon evening week weekend month year day days weeks months years ' +
  'hour hours minute minutes second seconds time times moment end start beginning thing things stuff way ways lot lots bit kind sort ' +
  'type guy guys people everyone everybody someone somebody anyone nothing something anything everything meeting meetings call ' +
  'question questions point points idea ideas problem issue part sense fact case matter number numbers percent yeah okay ok ' +
  'next last first other same own sure good great fine new old big small little whole few many much more most less least ' +
  'able likely only such very really other another certain main different own various ' +
  'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth ' +
  'seventeenth eighteenth nineteenth twentieth thirtieth half quarter dozen hundred thousand million billion'
).split(/\s+/));

/**
 * Time and vague nouns that may end or open a compound with a specific word, when the compound is said more than once
 * as a whole ("open day", "training session", "night shifts", "display case", "phone number"), though never a topic
 * alone or after another vague word ("next week").
 */
const TIME_HEADS = new Set(('day days week weekend month year morning afternoon evening night hour hours time session sessions ' +
  'case cases issue issues problem problems number numbers call calls meeting meetings question questions').split(' '));
const MIN_TIME_COMPOUND_USES = 2;

/** Fixed expressions whose noun is no topic ("three nights in a row", "by the way"). */
const IDIOMS = new Set(['in a row', 'in a way', 'by the way', 'on the way', 'in the way', 'in a hurry', 'on the whole', 'in the meantime', 'at the moment', 'for a change', 'in a nutshell', 'on the spot']);
const inIdiom = (tokens: readonly TaggedToken[], k: number) => k >= 2 && IDIOMS.has(`${tokens[k - 2]!.lower} ${tokens[k - 1]!.lower} ${tokens[k]!.lower}`);

interface Candidate { tokens: TaggedToken[]; sentence: number }

/** Words that open a noun phrase: what follows them, up to the phrase's head, is no verb. */
const NOUN_OPENERS = new Set('a an the my our your their his her its'.split(' '));
const OBJECT_POS = new Set(['DET', 'PRON', 'NUM', 'PROPN']);

/**
 * wink's lite model tags some nouns as verbs ("the backup restore", "forty alerts", "a restore"). A verb right after an
 * article, a possessive or a number (adjectives between) is a noun; so is a bare-form verb after such a phrase's
 * singular noun ("the backup restore"), which a singular subject would not take. Not when an object follows it.
 */
function repairNounTags(tokens: readonly TaggedToken[]): TaggedToken[] {
  const out = [...tokens];
  for (let i = 1; i < out.length; i++) {
    const t = out[i]!;
    if (t.pos !== 'VERB' || t.stop || OBJECT_POS.has(out[i + 1]?.pos ?? '')) continue;
    let k = i - 1;
    let nounBetween = false;
    while (k >= 0 && (out[k]!.pos === 'ADJ' || out[k]!.pos === 'ADV' || (out[k]!.pos === 'NOUN' && out[k]!.lower === out[k]!.lemma))) {
      if (out[k]!.pos === 'NOUN') nounBetween = true;
      k--;
    }
    const opener = out[k];
    if (!opener || !(NOUN_OPENERS.has(opener.lower) || opener.pos === 'NUM')) continue;
    if (nounBetween && t.lower !== t.lemma) continue;
    out[i] = { ...t, pos: 'NOUN' };
  }
  return out;
}
const isTimeHead = (t: TaggedToken) => TIME_HEADS.has(t.lower) && HEAD_POS.has(t.pos);

function candidatesOf(raw: TaggedToken[], sentence: number, excluded: ReadonlySet<string>): Candidate[] {
  // A capital that only opens the sentence ("Patient reminders are…") does not make a proper noun.
  const tokens = repairNounTags(raw.map((t, i) => (i === 0 && t.pos === 'PROPN' && (frequencyRank(t.lower) ?? Infinity) <= 20_000 ? { ...t, pos: 'NOUN' } : t)));
  const out: Candidate[] = [];
  let run: TaggedToken[] = [];
  const flush = () => {
    // Trim to a head noun at the end and at most MAX_WORDS words, starting on a noun or adjective.
    while (run.length > 0 && !HEAD_POS.has(run.at(-1)!.pos)) run.pop();
    if (run.length > MAX_WORDS) run = run.slice(-MAX_WORDS);
    if (run.length > 0) out.push({ tokens: run, sentence });
    run = [];
  };
  for (const [k, t] of tokens.entries()) {
    // No contractions ("I'm", "Friday's"): a topic is a plain word.
    const usable = PHRASE_POS.has(t.pos) && /^[\p{L}][\p{L}-]*$/u.test(t.text) && t.lower.length >= 3 && !t.stop
      && !NEVER.has(t.lower) && !NEVER.has(t.lemma) && !excluded.has(t.lower) && !inIdiom(tokens, k);
    if (usable) run.push(t);
    else if (isTimeHead(t) && run.length > 0) { run.push(t); flush(); }
    else flush();
  }
  flush();
  return out;
}

/**
 * The meeting's keyphrases, best first, one per head word (so "printing press" and "press" do not both
 * appear). `excluded`: lower-case words never to use (speaker names).
 */
export function keyphrases(texts: readonly string[], excluded: ReadonlySet<string> = new Set(), tagged?: readonly TaggedToken[][]): Keyphrase[] {
  const candidates = texts.flatMap((text, i) => candidatesOf([...(tagged?.[i] ?? tag(text))], i, excluded));
  // A word's weight: uses in candidate phrases × specificity².
  const uses = new Map<string, number>();
  for (const c of candidates) for (const t of c.tokens) uses.set(t.lemma, (uses.get(t.lemma) ?? 0) + 1);
  const weight = (lemma: string) => (uses.get(lemma) ?? 0) * specificity(lemma) ** 2;

  interface Group { lemmas: string[]; count: number; sentences: Set<number>; surfaces: Map<string, number>; bareSurfaces: Set<string> }
  const groups = new Map<string, Group>();
  for (const c of candidates) {
    // Every part of the run that ends on a noun is a phrase too ("login screen crash" → "login screen", "crash").
    for (let from = 0; from < c.tokens.length; from++) for (let to = from + 1; to <= c.tokens.length; to++) {
      const tokens = c.tokens.slice(from, to);
      if (!HEAD_POS.has(tokens.at(-1)!.pos)) continue;
      if (tokens[0]!.pos === 'ADJ' && tokens.length === 1) continue;
      if (isTimeHead(tokens[0]!) && tokens.length === 1) continue;
      const lemmas = tokens.map((t) => t.lemma);
      const key = lemmas.join(' ');
      const group = groups.get(key) ?? { lemmas, count: 0, sentences: new Set<number>(), surfaces: new Map<string, number>(), bareSurfaces: new Set<string>() };
      group.count++;
      group.sentences.add(c.sentence);
      const head = tokens.at(-1)!;
      const surface = tokens.map((t) => (t.pos === 'PROPN' ? t.text : t.lower)).join(' ');
      group.surfaces.set(surface, (group.surfaces.get(surface) ?? 0) + 1);
      // Plural or proper: read without "the" (decided by the surface form said most).
      if (head.pos === 'PROPN' || (head.lower !== head.lemma && /s$/.test(head.lower))) group.bareSurfaces.add(surface);
      groups.set(key, group);
    }
  }
  const counts = [...groups.values()].map((g) => g.count);
  const scored = [...groups.values()].map((g) => {
    const mean = g.lemmas.reduce((s, l) => s + weight(l), 0) / g.lemmas.length;
    // A phrase said more than once as a whole is a topic; a one-off long phrase is mostly its words.
    const cohesion = g.lemmas.length === 1 ? 1 : Math.min(2, 0.6 + 0.4 * g.count);
    const text = [...g.surfaces.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    return { text, lemmas: g.lemmas, score: mean * cohesion * Math.sqrt(g.sentences.size), sentences: [...g.sentences].sort((a, b) => a - b), bare: g.bareSurfaces.has(text) };
  }).filter((k, i) => k.sentences.length >= 1 && k.score > 0
    && ((!TIME_HEADS.has(k.lemmas.at(-1)!) && !TIME_HEADS.has(k.lemmas[0]!)) || counts[i]! >= MIN_TIME_COMPOUND_USES));
  scored.sort((a, b) => b.score - a.score || b.lemmas.length - a.lemmas.length || a.text.localeCompare(b.text));
  const chosen: Keyphrase[] = [];
  const used = new Set<string>();
  for (const best of scored) {
    if (best.lemmas.some((l) => used.has(l))) continue;
    // A word said mostly inside one phrase reads better as that phrase ("login" → "login screen").
    const k = scored.filter((p) => p.lemmas.length > best.lemmas.length && best.lemmas.every((l) => p.lemmas.includes(l))
      && p.sentences.length >= Math.max(2, best.sentences.length / 2) && !p.lemmas.some((l) => used.has(l)))
      .sort((a, b) => a.lemmas.length - b.lemmas.length || b.score - a.score)[0] ?? best;
    chosen.push(k);
    for (const l of k.lemmas) used.add(l);
  }
  return chosen;
}
