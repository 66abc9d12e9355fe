/**
 * The topics of a meeting as noun-phrase keyphrases. Candidates are runs of adjectives and nouns that end
 * on a noun (wink-nlp part-of-speech tags), never holding a function word, a number, a date word or a
 * speaker's name. Each word is weighted by how often the meeting uses it times how specific it is in
 * ordinary spoken English (word-commonness.ts), so "printing press" beats "time" and "thing".
 */
import { tag, type TaggedToken } from './nlp.js';
import { keepsCapital } from './text.js';
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
  /** Named as an item of the meeting's agenda ("Next, patient reminder texts."): such topics lead, in meeting order. */
  readonly agenda?: boolean;
  /** For an agenda item: the sentence that named it as the next item. */
  readonly announced?: number;
}

const PHRASE_POS = new Set(['NOUN', 'PROPN', 'ADJ']);
const HEAD_POS = new Set(['NOUN', 'PROPN']);
const MAX_WORDS = 3;
/** Words that never make a topic on their own or inside a phrase: time words, vague nouns, meeting talk. */
const NEVER = new Set((
  'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october ' +
  'november december weekday weekdays mondays tuesdays wednesdays thursdays fridays saturdays sundays today tomorrow yesterday tonight morning afternoon ' +
    'evening week weekend month year day days weeks months years ' +
  'hour hours minute minutes second seconds time times moment end start beginning thing things stuff way ways lot lots bit kind sort ' +
  'type guy guys people everyone everybody someone somebody anyone nothing something anything everything meeting meetings call ' +
  'question questions point points idea ideas item items problem issue part sense fact case matter number numbers percent yeah okay ok thanks ' +
  'next last first other same own sure good great fine new old big small little whole few many much more most less least ' +
  'able likely only such very really other another certain main different own various ' +
  'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth ' +
  'seventeenth eighteenth nineteenth twentieth thirtieth half quarter dozen hundred thousand million billion'
).split(/\s+/));

/** What a meeting calls itself ("a quick huddle", "the Monday stand-up"): never a topic, nor the head of one. */
const MEETING_TALK = new Set('huddle huddles standup standups stand-up catch-up catchup briefing debrief sync recap agenda'.split(' '));
for (const word of MEETING_TALK) NEVER.add(word);

/**
 * Time and vague nouns that may end or open a compound with a specific word, when the compound is said more than once
 * as a whole ("open day", "training session", "night shifts", "display case", "phone number"), though never a topic
 * alone or after another vague word ("next week").
 */
const TIME_HEADS = new Set(('day days week weekend month year morning afternoon evening night hour hours time session sessions ' +
  'case cases issue issues problem problems number numbers call calls meeting meetings question questions').split(' '));
const MIN_TIME_COMPOUND_USES = 2;

/** Fixed expressions whose noun is no topic ("three nights in a row", "by the way"). */
const IDIOMS = new Set(['in a row', 'in a way', 'by the way', 'on the way', 'in the way', 'in a hurry', 'on the whole', 'in the meantime', 'at the moment',
  'for a change', 'in a nutshell', 'on the spot']);
const inIdiom = (tokens: readonly TaggedToken[], k: number) => k >= 2 && IDIOMS.has(`${tokens[k - 2]!.lower} ${tokens[k - 1]!.lower} ${tokens[k]!.lower}`);

interface Candidate { tokens: TaggedToken[]; sentence: number }

/** Words that open a noun phrase: what follows them, up to the phrase's head, is no verb. */
const NOUN_OPENERS = new Set('a an the my our your their his her its'.split(' '));
const OBJECT_POS = new Set(['DET', 'PRON', 'NUM', 'PROPN']);

/**
 * wink's lite model tags some nouns as verbs ("the backup restore", "forty alerts", "a restore"). A verb right after an
 * article, a possessive or a number (adjectives between) is a noun; so is a bare-form verb after such a phrase's
 * singular noun ("the backup restore"), which a singular subject would not take, and a bare or -ing form between a
 * singular noun and another noun ("school crossing patrol"). Not when an object follows it.
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
    // Inside a compound: a bare or -ing form between a singular noun and a noun ("school crossing patrol", "parking permit charges").
    const previous = out[i - 1]!;
    const inCompound = previous.pos === 'NOUN' && previous.lower === previous.lemma && HEAD_POS.has(out[i + 1]?.pos ?? '') && (t.lower === t.lemma ||
      /ing$/.test(t.lower));
    if (inCompound) { out[i] = { ...t, pos: 'NOUN' }; continue; }
    if (!opener || !(NOUN_OPENERS.has(opener.lower) || opener.pos === 'NUM')) continue;
    if (nounBetween && t.lower !== t.lemma) continue;
    // A participle before a noun describes it ("a proper laminated notice").
    const describes = /(?:ed|en)$/.test(t.lower) && HEAD_POS.has(out[i + 1]?.pos ?? '');
    out[i] = { ...t, pos: describes ? 'ADJ' : 'NOUN' };
  }
  return out;
}
/** A capital that only opens the sentence ("Patient reminders are…", "Demo day.") makes no proper noun: a common first word is read in lower case. */
function plainSentenceStart(tokens: readonly TaggedToken[], lowerCased: ReadonlySet<string> = new Set()): TaggedToken[] {
  const [first] = tokens;
  // A hyphenated word is as common as its parts ("On-call alerting.").
  const rank = (word: string) => Math.max(...word.split('-').map((part) => frequencyRank(part) ?? Infinity));
  // A title or a day or month keeps its capital ("Mrs Adeyemi", "Tuesday evening session"); an inflected common word
  // is as common as its lemma ("Rusted chains").
  // A rare word the meeting also says in lower case is a common noun too ("Rota first?" … "the out of hours rota").
  const plain = lowerCased.has(first?.lower ?? '');
  if (!first || keepsCapital(first.lower) || (!plain && Math.min(rank(first.lower), rank(first.lemma)) > 20_000)) return [...tokens];
  return [{ ...first, text: first.lower, pos: first.pos === 'PROPN' ? 'NOUN' : first.pos }, ...tokens.slice(1)];
}

/** Plural or proper: read without "the" ("invoices", "Harrington Street", not "the budget"). */
const readsBare = (head: TaggedToken) => head.pos === 'PROPN' || (head.lower !== head.lemma && /s$/.test(head.lower));

const isTimeHead = (t: TaggedToken) => TIME_HEADS.has(t.lower) && HEAD_POS.has(t.pos);

/**
 * A past participle the tagger calls a noun ("you get it countersigned"): a word of seven letters or more ending in
 * "-ed" that ordinary English does not use as a word of its own (nouns in "-ed" are short or common: "shed", "hundred").
 */
const participle = (t: TaggedToken) => t.lower.length >= 7 && /[^e]ed$/.test(t.lower) && frequencyRank(t.lower) === undefined;

function candidatesOf(raw: TaggedToken[], sentence: number, excluded: ReadonlySet<string>, lowerCased?: ReadonlySet<string>): Candidate[] {
  const tokens = repairNounTags(plainSentenceStart(raw, lowerCased));
  const out: Candidate[] = [];
  let run: TaggedToken[] = [];
  const flush = () => {
    // Trim to a head noun at the end and at most MAX_WORDS words, starting on a noun or adjective.
    while (run.length > 0 && (!HEAD_POS.has(run.at(-1)!.pos) || participle(run.at(-1)!))) run.pop();
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
 * The noun phrases of one sentence in the order said, as candidates for a topic are found (runs of adjectives and
 * nouns ending on a noun, at most three words), each with whether its head is plural ("the broken room keys").
 */
export function nounPhrases(text: string): Array<{ text: string; plural: boolean }> {
  return candidatesOf(tag(text), 0, new Set()).map(({ tokens }) => {
    const head = tokens.at(-1)!;
    return { text: tokens.map((t) => (t.pos === 'PROPN' ? t.text : t.lower)).join(' '), plural: head.pos !== 'PROPN' && readsBare(head) };
  });
}

/**
 * Cues that name the next item of a meeting's agenda before a noun phrase: "Next, …", "Finally, …", "First thing is …",
 * "Let's begin with …", "I wanted to talk about …", "What about …", "There's the …", "On …,". Weak cues ("On", "About",
 * "As for") count only when the phrase ends the clause ("On sprint scope, I think…", not "On the other hand").
 */
const STRONG_CUE = /^(?:item\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})(?:\s+(?:is|was))?|speaking\s+of(?:\s+which)?|where\s+are\s+we\s+(?:on|with)|how\s+are\s+we\s+(?:doing\s+)?(?:on|with)|any\s+(?:news|updates?)\s+(?:on|about)|(?:an?\s+)?update\s+on|what's\s+the\s+(?:status|latest)\s+(?:of|on|with)|(?:next|first|firstly|finally|lastly)(?:\s+(?:up|item|thing|point|on the agenda))?(?:\s+(?:is|was))?|(?:the\s+)?(?:first|next|last|final|other)\s+(?:thing|item|point|topic|bit|one)(?:\s+from\s+me)?(?:\s+(?:is|was))?|(?:shall|should|can)\s+we\s+(?:start|begin|kick\s+off)\s+with|one\s+more\s+thing(?:\s+is)?|moving\s+on\s+to|on\s+to|let's\s+(?:begin|start|kick\s+off|move\s+on)\s+(?:with|to)|let's\s+(?:talk|move\s+on)\s+(?:about|to)|(?:I|we)\s+(?:wanted|want|need|'d\s+like)\s+to\s+(?:talk|start)\s+(?:about|with)|what\s+about|(?:then\s+)?there's(?:\s+also)?)\s*[,:.]?\s+/i;
const LEAD_IN = /^(?:[\p{L}']+(?:\s+[\p{L}']+)?,\s+)(?=(?:next|finally|lastly|first|then\s+there's|there's|moving\s+on|let's\s+(?:begin|start|move|talk)|what\s+about)\b)/iu;
const WEAK_CUE = /^(?:on|about|as\s+for|regarding|re)\s+/i;
const AGENDA_DET = new Set(['the', 'our', 'this', 'that']);
const AGENDA_MAX_WORDS = 4;
const COMMON_REPLY_RANK = 3000;
const COMMON_PHRASE_RANK = 1500;
const COMMON_DETERMINED_RANK = 300;
/** "Imran, the antibiotic shortage?" (a person asked about an item; the speech engine may drop the question mark). */
const ASKED_OF = /^[\p{L}]+(?:\s+[\p{L}]+)?,\s+((?:the|our)\s+[\p{L}-]+(?:\s+[\p{L}-]+){0,3}?)(?:\s+(?:in|at|on|for|from|with)\s+[^,.?!]+)?\s*[?.]\s*$/u;
/** An acknowledgement of the last item before the next is put ("Thanks, Graham, the boiler replacement…"). */
const ACKNOWLEDGED = /^(?:thanks|thank\s+you|cheers|okay|ok|right|good|great|lovely|fine|alright)\s*[,.]\s+/i;
/** "Chromebook repairs, how big is the pile?" / "Special first.": the phrase before a question about it, or before "first". */
const FRONTED = /^((?:the\s+|our\s+)?[\p{L}-]+(?:\s+[\p{L}-]+){0,3}?)(?:,\s+(?:how|what|where|who|when|which|any|is|are|do|does|did|can|could|has|have)\b[^.!]*\?|\s+first\s*[.!])\s*$/iu;

interface AgendaItem { tokens: TaggedToken[]; sentence: number }

/** Sounds and words that open a turn before a named item ("Huh, right, the budget story."). */
const OPENING_SOUNDS = /^(?:(?:huh|oh|ah|um|uh|er|so|okay|ok|right|alright|now|well|anyway)\s*,\s*)+(?=(?:the|our)\s)/i;

/** The noun phrase a sentence names as an agenda item, if it does: after a cue, or the whole of a verbless sentence ("Demo day."). */
function agendaItemOf(text: string, tagged: readonly TaggedToken[], sentence: number, excluded: ReadonlySet<string>): AgendaItem | undefined {
  // A word or two before the cue ("Good, next, …", "Okay Raj, next, …") do not hide it. A topic put first and asked
  // about ("Chromebook repairs, how big is the pile?"), said "first" ("Special first.") or after "then" ("Then the
  // Wi-Fi in the science block.") is read as the phrase alone.
  // Not a person addressed ("Omar, how was the game?"): one capitalised word alone is no fronted topic.
  // "Name, the X." only when no cue names the item already ("Next, the sponsor reads.").
  const asked = STRONG_CUE.test(text.trim().replace(LEAD_IN, '').replace(/^[\p{L}]+,\s+/u, '')) ? undefined : ASKED_OF.exec(text.trim().replace(ACKNOWLEDGED,
    ''))?.[1];
  const fronted = (FRONTED.exec(text.trim())?.[1] ?? asked)?.replace(/^\p{Lu}[\p{Ll}]+$/u, '') || undefined;
  // "Huh, right, the school board budget story.": words that open a turn do not hide the item.
  const body = fronted ? `${fronted}.` : text.trim().replace(LEAD_IN, '').replace(/^then\s+(?=(?:the|our)\s)/i, '').replace(OPENING_SOUNDS, '');
  if (fronted || body !== text.trim()) tagged = tag(body);
  const strong = STRONG_CUE.exec(body);
  const weak = strong ? null : WEAK_CUE.exec(body);
  if (!strong && !weak && tagged.length > 12) return undefined;
  const cued = Boolean(strong || weak);
  const raw = cued ? tag(body.slice((strong ?? weak)![0].length)) : tagged;
  // After a cue the phrase does not open the sentence: its capital stays ("…about Saturday opening hours").
  const tokens = repairNounTags(cued ? raw : plainSentenceStart(raw));
  let k = 0;
  if (tokens[k] && AGENDA_DET.has(tokens[k]!.lower)) k++;
  // A verb form ending the item is its noun ("on-call alerting", "weekend cover", "the sponsor reads").
  for (let j = k; j < tokens.length; j++) {
    const t = tokens[j]!;
    const closes = !tokens[j + 1] || tokens[j + 1]!.pos === 'PUNCT';
    if (t.pos === 'VERB' && j > k && closes && PHRASE_POS.has(tokens[j - 1]!.pos) && (cued || asked !== undefined || /ing$/.test(t.lower))) tokens[j] = { ...t,
      pos: 'NOUN' };
    // …and an adjective closing it after a noun ("the conference abstract").
    else if (t.pos === 'ADJ' && cued && j > k && closes && HEAD_POS.has(tokens[j - 1]!.pos) && !NEVER.has(t.lower)) tokens[j] = { ...t, pos: 'NOUN' };
  }
  // A participle before the item's noun describes it ("lost key cards", "broken lockers").
  if (tokens[k]?.pos === 'VERB' && /(?:ed|en|lost|broken)$/.test(tokens[k]!.lower) && PHRASE_POS.has(tokens[k + 1]?.pos ?? '')) tokens[k] = { ...tokens[k]!,
    pos: 'ADJ' };
  const run: TaggedToken[] = [];
  while (k < tokens.length && run.length < AGENDA_MAX_WORDS && PHRASE_POS.has(tokens[k]!.pos) && (!tokens[k]!.stop || tokens[k]!.pos === 'NOUN') &&
    /^[\p{L}][\p{L}-]*$/u.test(tokens[k]!.text) && !excluded.has(tokens[k]!.lower)) run.push(tokens[k++]!);
  while (run.length > 0 && !HEAD_POS.has(run.at(-1)!.pos)) { run.pop(); k--; }
  if (run.length === 0 || run.every((t) => NEVER.has(t.lower) || NEVER.has(t.lemma)) || MEETING_TALK.has(run.at(-1)!.lower)) return undefined;
  // "The party of eighteen.", "The Wi-Fi in the science block.": a number or noun after "of" closing the item belongs to it.
  if (tokens[k]?.lower === 'of' && ['NUM', 'NOUN'].includes(tokens[k + 1]?.pos ?? '') && (!tokens[k + 2] || tokens[k + 2]!.pos === 'PUNCT')) {
    run.push(tokens[k]!, tokens[k + 1]!);
    k += 2;
  }
  const after = tokens[k];
  const endsClause = !after || after.pos === 'PUNCT';
  if (strong) return { tokens: run, sentence };
  // Without a cue the sentence is the phrase alone (a place or time may follow: "The school crossing patrol on Mill Lane.").
  const verbless = !tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
  if (weak) return endsClause && after?.text === ',' ? { tokens: run, sentence } : undefined;
  // Common words alone make a reply ("Thanks.", "True.", "Final answer."), not an item.
  const rarest = Math.max(...run.map((t) => frequencyRank(t.lower) ?? Infinity));
  // "The party of eighteen." names an item with its article, even in common words.
  const determined = tokens[0] !== undefined && AGENDA_DET.has(tokens[0].lower);
  const specific = rarest > (determined ? COMMON_DETERMINED_RANK : run.length >= 2 ? COMMON_PHRASE_RANK : COMMON_REPLY_RANK);
  // "Rusted chains, bent forks." lists things said about the item under discussion; it names no new one.
  const listed = after?.text === ',' && tokens.slice(k + 1).some((t) => t.pos === 'NOUN');
  return verbless && specific && !listed && (endsClause || after?.pos === 'ADP') && tokens.filter((t) => t.pos !== 'PUNCT').length <= run.length + 5 ?
    { tokens: run, sentence } : undefined;
}

/**
 * The meeting's keyphrases, best first, one per head word (so "printing press" and "press" do not both
 * appear). `excluded`: lower-case words never to use (speaker names).
 */
export function keyphrases(texts: readonly string[], excluded: ReadonlySet<string> = new Set(), tagged?: readonly TaggedToken[][]): Keyphrase[] {
  const taggedTexts = texts.map((text, i) => tagged?.[i] ?? tag(text));
  const lowerCased = new Set(taggedTexts.flatMap((tokens) => tokens.slice(1).filter((t) => /^\p{Ll}/u.test(t.text)).map((t) => t.lower)));
  const candidates = taggedTexts.flatMap((tokens, i) => candidatesOf([...tokens], i, excluded, lowerCased));
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
      if (!HEAD_POS.has(tokens.at(-1)!.pos) || participle(tokens.at(-1)!)) continue;
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
      if (readsBare(head)) group.bareSurfaces.add(surface);
      groups.set(key, group);
    }
  }
  const counts = [...groups.values()].map((g) => g.count);
  const scored = [...groups.values()].map((g) => {
    const mean = g.lemmas.reduce((s, l) => s + weight(l), 0) / g.lemmas.length;
    // A phrase said more than once as a whole is a topic; a one-off long phrase is mostly its words.
    const cohesion = g.lemmas.length === 1 ? 1 : Math.min(2, 0.6 + 0.4 * g.count);
    const text = [...g.surfaces.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    return { text, lemmas: g.lemmas, score: mean * cohesion * Math.sqrt(g.sentences.size), sentences: [...g.sentences].sort((a, b) => a - b),
      bare: g.bareSurfaces.has(text) };
  }).filter((k, i) => k.sentences.length >= 1 && k.score > 0
    && ((!TIME_HEADS.has(k.lemmas.at(-1)!) && !TIME_HEADS.has(k.lemmas[0]!)) || counts[i]! >= MIN_TIME_COMPOUND_USES));
  scored.sort((a, b) => b.score - a.score || b.lemmas.length - a.lemmas.length || a.text.localeCompare(b.text));
  const chosen: Keyphrase[] = [];
  const used = new Set<string>();
  // Items the meeting named as its agenda lead, in the order they came up, above every other phrase.
  const top = scored[0]?.score ?? 1;
  for (const item of texts.flatMap((text, i) => agendaItemOf(text, taggedTexts[i]!, i, excluded) ?? [])) {
    const lemmas = item.tokens.map((t) => t.lemma);
    if (lemmas.some((l) => used.has(l))) continue;
    // "Technical?" asked back about an option already on the table ("…or the technical ones") opens no item.
    const echoed = /^\s*[\p{L}-]+(?:\s+[\p{L}-]+)?\s*\?\s*$/u.test(texts[item.sentence]!)
      && lemmas.every((l) => taggedTexts.slice(0, item.sentence).some((tokens) => tokens.some((t) => t.lemma === l)));
    if (echoed) continue;
    const own = scored.find((k) => k.lemmas.join(' ') === lemmas.join(' '));
    const specific = lemmas.filter((l) => !NEVER.has(l));
    const mentions = taggedTexts.flatMap((tokens, i) => (specific.every((l) => tokens.some((t) => t.lemma === l)) ? [i] : []));
    const head = item.tokens.at(-1)!;
    chosen.push({
      text: item.tokens.map((t) => (t.pos === 'PROPN' || /^\p{Lu}/u.test(t.text) ? t.text : t.lower)).join(' '), lemmas, score: top + (own?.score ?? 0),
      sentences: [...new Set([item.sentence, ...mentions])].sort((a, b) => a - b),
      bare: readsBare(head), agenda: true, announced: item.sentence,
    });
    for (const l of lemmas) used.add(l);
  }
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
