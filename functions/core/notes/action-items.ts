/**
 * Action items: commitments ("I'll send the deck"), requests ("Bob, can you book the room?"), tasks given to
 * a named person ("Sarah will call the vendor") and team tasks with a due date ("we need to sign by Friday").
 * Each gets an owner — the speaker for a commitment, the person addressed for a request (named in the
 * sentence, or else whoever answers next), the named person — and is rewritten as "Owner: task" with the
 * first person gone ("I'll send my notes" → "Alice: send their notes"). A request and its owner's answer
 * ("Sure, I'll send it tomorrow") become one item.
 */
import { resolveObjectPronoun, resolvePersonPronoun } from './antecedents.js';
import { putsOff } from './decisions.js';
import { dueOf, withoutDue } from './due-dates.js';
import { tag } from './nlp.js';
import { frequencyRank } from './word-commonness.js';
import { contentWords, escapeRegExp as escape } from './text.js';

export interface ActionSentence {
  readonly text: string;
  readonly speaker: string;
  readonly start: number;
  readonly end: number;
  /** The sentence with its opening "Yes,"/"Sure," kept, when `text` was cleaned of it (tells an answer to a request). */
  readonly opened?: string;
  /** Its place in `ActionContext.meeting`, when the caller passes only some of the meeting's sentences. */
  readonly at?: number;
}

export type ActionKind = 'commitment' | 'request' | 'named-owner' | 'team';

export interface FoundAction {
  readonly kind: ActionKind;
  /** The owner's name (labelled speaker name or a name said in the meeting); null for the whole team. */
  readonly owner: string | null;
  /** What is to be done, from its verb on ("send the deck to finance by Friday"). */
  readonly task: string;
  readonly due: string | null;
  readonly start: number;
  readonly end: number;
}

export interface ActionContext {
  /** The name of a speaker label (`spk_0` → "Alice", or "Speaker 1" when unnamed). */
  readonly nameOf: (speaker: string) => string;
  /** Names that count as people when said (speakers' labelled names). */
  readonly knownNames: readonly string[];
  /** Every sentence of the meeting, those that are no task too: what "them" in a task may point back to. */
  readonly meeting?: readonly string[];
}

/** Verbs after "I'll"/"let me"/"can you" that are talk, not work. */
const NOT_TASKS = String.raw`barely|hardly|keep\s+(?:it|this|things)\s+(?:brief|short|quick|simple|tight)|miss|be|say|tell you(?!\s+(?:about|what\s+\w+\s+(?:said|wants)))|admit|decide|never|not|think|probably|guess|bet|see|hear|know|remember|pass|leave|go ahead|just say|stop|believe|imagine|repeat|explain|agree|mind|like|love|hate|get back to that|talk about|come back to|understand|feel|live with|relate|only|also say|really|already|still`;
/** A task that is talk, not work ("say…", "think…"); with "wait"/"hold" for "(would you) mind waiting". */
const NOT_A_TASK = new RegExp(String.raw`^(?:${NOT_TASKS})\b`, 'i');
const NOT_A_TASK_MINDED = new RegExp(String.raw`^(?:${NOT_TASKS}|wait|hold)\b`, 'i');
const TASK_START = String.raw`(?:also\s+|just\s+|quickly\s+|definitely\s+|personally\s+|then\s+|please\s+|happily\s+|go ahead and\s+|try to\s+|make sure to\s+)*(?!(?:${NOT_TASKS})\b)`;

const COMMITMENT = new RegExp(
  String.raw`\b(?:i'll|i will|i'm going to|i am going to|i'm gonna|i'd be happy to|i can take care of|let me|i need to|i have to|i've got to|i must|i'll be sure to|i\s+want\s+to(?=\s+(?:talk\s+to|speak\s+to|check\s+with|ring|call|phone|email)\b))\s+${TASK_START}(?=[a-z])`, 'i');
/**
 * A promise whose "'ll" the speech engine dropped ("And I email the volunteers", "I order the gloves today"):
 * "I" opening the sentence (or after "and/so/then") with a plain work verb. Not for verbs of talk or thought.
 */
const DROPPED_WILL = /^(?:(?:and|so|then|in\s+the\s+meantime|meanwhile|okay|ok|sure|fine|right)\s*,?\s+)?I\s+(?=(?:send|email|e-mail|call|phone|ring|book|order|check|print|write|fix|update|ask|remind|draft|prepare|schedule|collect|contact|organise|organize|arrange|buy|design|post|upload|share|repeat|follow up|set up|look into|talk to|speak to|reach out to|put together|sort out)\s+\S)/i;
/** Work verbs in the past tense, as a speech engine writes a reduced "I'll order"/"you'll fix" ("I ordered", "you fixed"). */
const PAST_WORK = String.raw`(?:sent|emailed|e-mailed|called|phoned|rang|booked|ordered|checked|printed|wrote|fixed|updated|asked|reminded|drafted|prepared|scheduled|collected|contacted|organised|organized|arranged|bought|designed|posted|uploaded|shared|repeated|finished|sorted|tested|cleaned|moved|cancelled|canceled|confirmed|invited)`;
const HEARD_AS_PAST_I = new RegExp(String.raw`^(?:(?:and|so|then|okay|ok|sure|yes|fine)\s*,?\s+)?I\s+(?=${PAST_WORK}\s+\S)`, 'i');
const HEARD_AS_PAST_YOU = new RegExp(String.raw`\byou\s+(?=${PAST_WORK}\s+\S)`, 'i');
/** A deadline ahead ("by Thursday", "before Friday", "tomorrow", "next week"): with it, a past-tense task is a promise misheard. */
const DEADLINE_AHEAD = /\b(?:by|before|no later than)\s+(?!then\b)\w|\b(?:tomorrow|tonight|next\s+\w+|this\s+(?:afternoon|evening)|end\s+of\s+(?:the|this|next))\b/i;
const SAID_AS_PAST = /\b(?:yesterday|ago|last\s+(?:week|month|year|time|night)|already|earlier)\b/i;

/** "I'm clearing the fridge today": a plan of one's own, said in the present with a time soon. */
const PLANNED = /\bI'm\s+(?!(?:going|gonna|thinking|hoping|wondering|feeling|seeing|having|looking|working|leaving|trying|covering|getting|coming|saying|doing\s+(?:fine|well|ok|okay))\b)([a-z]+ing)\s+(?=[a-z])/i;
const SOON = /\b(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|week|weekend)|first\s+thing)\b/i;
function plannedTask(text: string): string | undefined {
  const match = PLANNED.exec(text);
  if (!match || !SOON.test(text) || SAID_AS_PAST.test(text) || CONDITIONAL.test(text.slice(0, match.index))) return undefined;
  const task = tidyTask(clauseFrom(`${plainVerb(match[1]!)} ${text.slice(match.index + match[0].length)}`, 0));
  return contentWords(task).length >= 2 ? task : undefined;
}

const VOLUNTEER = new RegExp(String.raw`\b(?:i can)\s+${TASK_START}(?=[a-z])`, 'i');
const WEAK_COMMITMENT = new RegExp(String.raw`\b(?:i could|i should)\s+${TASK_START}(?=[a-z])`, 'i');
const REQUEST = new RegExp(
  String.raw`\b(?:(?:can|could|would|will)\s+you(?:\s+(?:be\s+(?:willing|able|happy)\s+to|possibly))?|(?:can|could|may)\s+I\s+ask\s+you\s+to|(?:would|will|is)\s+it\s+be\s+(?:possible\s+(?:for\s+you\s+)?|[a-z]+\s+for\s+you\s+)to|do\s+you\s+think\s+you\s+(?:could|can)|any\s+chance\s+you\s+(?:could|can)|are\s+you\s+able\s+to)\s+${TASK_START}(?=[a-z])`, 'i');
/** "Would you mind calling…" / "Do you mind sorting…" / "You mind sorting…?": a polite request whose task opens with a gerund (not "mind if I…"). */
const MIND = /\b(?:(?:would|do|what|wouldn't)\s+)?you\s+mind\s+(?=[a-z]+ing\b)|\b(?:would|are)\s+you\s+(?:be\s+)?up\s+for\s+(?=[a-z]+ing\b)/i;
const ASK_OF_YOU = new RegExp(
  String.raw`\b(?:i need you to|i want you to|i'd like you to|i would like you to|you need to|you have to|you should|you'll need to|you must|you'll|you will|you're going to)\s+${TASK_START}(?=[a-z])`, 'i');
/** "please" + a task; not "Please do." / "please go ahead", which accept an offer. */
const PLEASE = new RegExp(String.raw`(?:^|,\s*|\.\s+)please\s+(?!do\b\s*(?:[,.!;]|and\b|$)|go ahead\b)${TASK_START}(?=[a-z])`, 'i');
const TEAM = new RegExp(
  String.raw`\b(?:we|someone|somebody|everyone|everybody)\s+(?:really\s+|still\s+|also\s+)?(?:need to|needs to|have to|has to|must|should|'ll need to|will need to|'ve got to|will|'ll)\s+${TASK_START}(?=[a-z])|\blet's\s+(?!decide|agree|vote|settle|go with|stick with|stay with|use|keep|choose|pick|start|move on|wrap up|get started|get going|begin|talk|discuss|look|review|see|say|do that|do it|go over|go through|not|recap|hear|think|wait|leave|come back|continue|finish|end|close|turn to)(?=[a-z])`, 'i');
const NAMED_VERBS = String.raw`will|'ll|is going to|'s going to|needs to|has to|should|can|is to|agreed to|promised to|offered to`;
const CONDITIONAL = /\b(?:if|unless|whether|in case)\b[^,]*$/i;

/** Capitalised words that start clauses without naming a person. */
const NOT_NAMES = new Set(('i we you they he she it this that there then so and but or the a an if when what who why how where which everyone ' +
  'someone somebody nobody anyone yes no okay well now also maybe please let let\'s our my your their sure great good thanks thank alright ' +
  'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november ' +
  'december today tomorrow everything nothing one hi hello hey').split(' '));


function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/**
 * The labelled speaker a said name stands for: the same name, or one a speech engine spelled a little
 * differently ("Pria" for "Priya", "Katherine" for "Catherine": at most a third of the letters differ, first letter
 * sound alike). Undefined when no speaker is that close.
 */
export function knownName(said: string, known: readonly string[]): string | undefined {
  const s = said.toLowerCase();
  const exact = known.find((n) => n.toLowerCase() === s);
  if (exact) return exact;
  if (s.length < 3) return undefined;
  const close = known.map((n) => ({ n, d: editDistance(s, n.toLowerCase().split(' ')[0]!) }))
    .filter(({ n, d }) => d <= Math.floor(Math.max(s.length, n.length) / 3) && (n[0]!.toLowerCase() === s[0] || /^[ck]/i.test(n) && /^[ck]/.test(s)))
    .sort((a, b) => a.d - b.d);
  return close.length === 1 || (close.length > 1 && close[0]!.d < close[1]!.d) ? close[0]!.n : undefined;
}

/** The clause from `from` to its end: stops at ; or a new clause ("and then", ", but I", "because"). */
function clauseFrom(text: string, from: number): string {
  const rest = text.slice(from);
  // …and at a new subject after a comma ("…, it should be in by Wednesday", "…, I need a break anyway").
  const stop = /[;]|[.?!](?:\s|$)|\s(?:and then|but|because|so that|since|although|while|otherwise)\s|,\s*(?:and|but|so)\s+(?:i|we|you|they|then|it|that)\b|,\s*(?:it|that|this)(?:\s+(?:should|will|would|might|could|is)|\s*'(?:ll|s))\b|,\s*(?:I|we|they|he|she)(?:'(?:ve|m|re|d))?\s+(?!mean\b)[a-z']+|,\s*(?:give|let|tell)\s+me\b|\s+if\s+(?:someone|somebody|anyone|anybody)\b|\s+so\s+(?:that\s+)?(?:people|they|we|everyone|everybody|he|she|you|it|the\s+\w+)\s+(?:can|could|will|would|know|have|get|arrive|see|don't|won't)\b|\s+(?:when\s+you(?:'ve|\s+have)?\s+got\s+a\s+(?:minute|moment|sec|second)|when\s+you\s+(?:get|have)\s+a\s+(?:chance|minute|moment))/.exec(rest);
  // "…and get it in as soon as they can take it": the time clause goes, what follows it stays.
  return (stop ? rest.slice(0, stop.index) : rest).replace(/\s+as\s+soon\s+as\s+(?!possible\b)(?:they|he|she|you|we|I|it)\b.*?(?=\s+and\s+|$)/i, '').trim();
}

/** How many words (runs of letters) `text` holds. */
const wordsIn = (text: string) => (text.match(/[\p{L}]+/gu) ?? []).length;

/** The plain form of a gerund ("reprogramming" → "reprogram", "calling" → "call", "updating" → "update"). */
export function plainVerb(gerund: string): string {
  const [token] = tag(gerund);
  if (token && token.lemma !== gerund.toLowerCase() && !token.lemma.endsWith('ing')) return token.lemma;
  const stem = gerund.toLowerCase().replace(/ing$/, '');
  return /([b-df-hj-np-tv-z])\1$/.test(stem) && !/(?:ll|ss|ff|zz)$/.test(stem) ? stem.slice(0, -1) : stem;
}

function tidyTask(task: string): string {
  return task
    .replace(/^(?:please\s+|also\s+|just\s+|quickly\s+|definitely\s+|personally\s+|then\s+|happily\s+|go ahead and\s+|make sure to\s+)+/i, '')
    .replace(/,?\s*(?:please|for me|for us|okay|ok|right|then|as well|too|anyway)\s*$/i, '')
    .replace(/[\s,.;:?!]+$/, '')
    .trim();
}

/** Rewrites the words of one person into the third person: "my" → "their"; a requester's "me" → their name. */
function thirdPerson(task: string, me: string | null): string {
  return task
    .replace(/\bmyself\b/gi, 'themselves')
    .replace(/\bmy\b/gi, me ? `${me}'s` : 'their')
    .replace(/\bme\b/gi, me ?? 'them')
    .replace(/\byour\b/gi, 'their')
    .replace(/\byourself\b/gi, 'themselves');
}

/** `planned`: a plan said in the present ("I'm clearing the fridge today"), which may only give the reason for a promise before it. */
interface Hit { kind: ActionKind; owner: string | null | 'addressee'; task: string; planned?: boolean }

/** A person's name said as an address at the start ("Bob, can you…") or the end ("…, Bob?"). */
function vocative(text: string, ctx: ActionContext): string | null {
  const start = /^([A-Z][a-z]+|[a-z]+)(?:,|\s+(?=(?:can|could|would|will)\s+you\b))/.exec(text)?.[1];
  // "Good point, Fiona, can you…": the name after a short opening.
  const afterOpening = /^[^,]{1,20},\s*([A-Z][a-z]+),\s*/.exec(text);
  // "Meanwhile, Devon, just get rid of…": a speaker's name there, whatever follows.
  if (afterOpening && ctx.knownNames.includes(afterOpening[1]!)) return afterOpening[1]!;
  const second = afterOpening && /^(?:can|could|would|will|do)\s+you\b/.test(text.slice(afterOpening[0].length)) ? afterOpening[1] : undefined;
  const end = /,\s*([A-Z][a-z]+|[a-z]+)\s*[?.!]*$/.exec(text)?.[1];
  for (const [candidate, opening] of [[start, true], [second, false], [end, false]] as const) {
    if (!candidate) continue;
    if (NOT_NAMES.has(candidate.toLowerCase())) continue;
    const known = knownName(candidate, ctx.knownNames);
    if (known) return known;
    // A common word opening the sentence is capitalised for that ("Point, can you…" once "Good" is cleaned away).
    if (opening && (frequencyRank(candidate) ?? Infinity) <= 15_000) continue;
    if (/^[A-Z]/.test(candidate) && candidate.length > 2) return candidate;
  }
  return null;
}

/** A name before an owning verb ("Sarah will…") or after "ask/tell/remind" ("ask Priya to…"). */
function namedOwner(text: string, ctx: ActionContext): { owner: string; index: number } | undefined {
  const names = ctx.knownNames.map(escape).join('|');
  const name = names ? `(?:${names}|[A-Z][a-z]+)` : '[A-Z][a-z]+';
  const patterns = [
    new RegExp(`(?:^|[\\s,])(${name})(?:\\s+(?:${NAMED_VERBS})|'ll)\\s+(?!you\\b|i\\b|we\\b|they\\b)${TASK_START}(?=[a-z])`, 'g'),
    new RegExp(`\\b(?:[Aa]sk|[Tt]ell|[Rr]emind|[Gg]et|[Hh]ave)\\s+(${name})\\s+to\\s+${TASK_START}(?=[a-z])`, 'g'),
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const said = match[1]!;
      if (NOT_NAMES.has(said.toLowerCase())) continue;
      const known = knownName(said, ctx.knownNames);
      // A name nobody is labelled with must look like one: capitalised, and not a common word ("Customer will…").
      if (!known && (!/^[A-Z]/.test(said) || (frequencyRank(said) ?? Infinity) <= 5000)) continue;
      // Capitalised only because it opens the sentence, and a word of ordinary English ("Housekeeping will kill us").
      if (!known && match.index === 0 && (frequencyRank(said) ?? Infinity) <= 15_000) continue;
      return { owner: known ?? said, index: match.index! + match[0].length };
    }
  }
  return undefined;
}

/** Said of work still to do: a deadline ahead and no word of the past. */
const futureTask = (text: string) => DEADLINE_AHEAD.test(text) && !SAID_AS_PAST.test(text);

/** "ordered the two bike models" → "order the two bike models". */
function inPlainForm(task: string): string {
  const [verb = '', ...rest] = task.split(/\s+/);
  const lemma = tag(verb)[0]?.lemma ?? verb;
  return [lemma, ...rest].join(' ');
}

/** What the sentence asks or promises, if anything (`owner` 'addressee' is resolved by the caller). */
export function actionOf(said: string, ctx: ActionContext): Hit | undefined {
  // A tag question ("…by Friday, right?") states the task.
  const text = said.replace(/,\s*(?:right|okay|ok|yeah|yes|correct|alright)\s*\?\s*$/i, '.');
  const question = /\?\s*$/.test(text);
  const hasDue = dueOf(text) !== null;
  const at = (pattern: RegExp) => {
    const match = pattern.exec(text);
    if (!match) return undefined;
    const before = text.slice(0, match.index);
    if (CONDITIONAL.test(before)) return undefined;
    const task = tidyTask(clauseFrom(text, match.index + match[0].length));
    return wordsIn(task) >= 2 ? task : undefined;
  };
  const addressed = vocative(text, ctx);
  const unaddressed = (task: string | undefined) => (task && addressed ? task.replace(new RegExp(`,?\\s*${escape(addressed)}\\s*$`, 'i'), '') : task);
  // Requests: a question, "please", or someone addressed by name.
  const mind = MIND.exec(text);
  // The speech engine often drops the question mark; "you mind …ing" asks either way.
  if (mind) {
    const [gerund = '', ...rest] = text.slice(mind.index + mind[0].length).split(/\s+/);
    const verb = plainVerb(gerund);
    const task = unaddressed(tidyTask(clauseFrom([verb, ...rest].join(' '), 0)));
    if (task && !NOT_A_TASK_MINDED.test(task) && wordsIn(task) >= 2) {
      return { kind: 'request', owner: addressed ?? 'addressee', task };
    }
  }
  const request = unaddressed(at(REQUEST));
  if (request && (question || /\bplease\b/i.test(text) || addressed)) return { kind: 'request', owner: addressed ?? 'addressee', task: request };
  // "Send me a draft by the fifteenth, please, so I have time…": an order that says please after it.
  const pleaseAfter = /^((?:send|email|call|book|write|check|update|draft|order|bring|print|share|finish|get|make|put|tell|ask|forward|post|upload|fix)\b[^,]*),\s*please\b/i.exec(text)?.[1];
  if (pleaseAfter && wordsIn(pleaseAfter) >= 2) return { kind: 'request', owner: addressed ?? 'addressee', task: tidyTask(pleaseAfter[0]!.toLowerCase() +
    pleaseAfter.slice(1)) };
  const please = unaddressed(at(PLEASE));
  if (please) return { kind: 'request', owner: addressed ?? 'addressee', task: please };
  const askOfYou = unaddressed(at(ASK_OF_YOU));
  if (askOfYou && !question && (addressed || hasDue)) return { kind: 'request', owner: addressed ?? 'addressee', task: askOfYou };
  // "Chris, you fixed the audit log by Friday, right?": a past tense with a deadline ahead is "you'll fix" misheard.
  // The deadline ahead must belong to the task itself: "I ordered them on Sunday, they're coming tomorrow" is a report.
  const pastYou = addressed && futureTask(text) ? at(HEARD_AS_PAST_YOU) : undefined;
  if (pastYou && futureTask(pastYou)) return { kind: 'request', owner: addressed!, task: unaddressed(inPlainForm(pastYou))! };
  if (addressed && !question) {
    // "Bob, send the invoice today." — an order by name.
    const order = /^(?:[^,]+,\s*){1,2}?(?:please\s+|just\s+|also\s+)?((?:send|call|book|email|write|fix|check|update|prepare|draft|order|schedule|review|share|set up|follow up|look into|find|ask|get|make|finish|put|test|organise|organize|contact|buy|print|collect|move|reply|invite|confirm|cancel|plan|add|upload|post|clean|log|record|label|count|pack|load|restock|tell|bring|fetch|grab|cover|sort|file|sign|fill|swap|replace|repair|install|remove|chase|ring|phone|text|measure|track|monitor|prep|tidy|lock|take)\b.*)$/i.exec(text);
    if (order) return { kind: 'request', owner: addressed, task: tidyTask(clauseFrom(order[1]!, 0)) };
  }
  if (question) return undefined;
  const named = namedOwner(text, ctx);
  if (named) {
    const task = tidyTask(clauseFrom(text, named.index));
    if (wordsIn(task) >= 2) return { kind: 'named-owner', owner: named.owner, task };
  }
  // "Put me down for the Saturday morning.": a volunteer for a shift or slot.
  const putDown = /\b(?:put|pencil|sign)\s+me\s+(?:down|up|in)\s+for\s+/i.exec(text);
  if (putDown && !CONDITIONAL.test(text.slice(0, putDown.index))) {
    const slot = tidyTask(clauseFrom(text, putDown.index + putDown[0].length));
    if (wordsIn(slot) >= 1) return { kind: 'commitment', owner: null, task: `cover ${slot}` };
  }
  // "Leave it with me." takes on what was just asked or put to anyone (joined to it like "I'll do it").
  if (/^\s*(?:(?:okay|ok|right|sure|fine|yes|yeah)\s*[,.]?\s*)?leave\s+(?:it|that|this)(?:\s+one)?\s+with\s+me\s*[.!]?\s*$/i.test(text)) return {
    kind: 'commitment', owner: null, task: 'do it' };
  const pastI = futureTask(text) ? [at(HEARD_AS_PAST_I)].find((task) => task && futureTask(task)) : undefined;
  const commitment = at(COMMITMENT) ?? at(VOLUNTEER) ?? (hasDue ? at(WEAK_COMMITMENT) : undefined) ?? at(DROPPED_WILL) ?? (pastI && inPlainForm(pastI));
  if (commitment) return { kind: 'commitment', owner: null, task: commitment };
  const planned = plannedTask(text);
  if (planned) return { kind: 'commitment', owner: null, task: planned, planned: true };
  // A choice put off ("let's park it until Thursday") is no task either.
  const team = hasDue && !putsOff(text) ? at(TEAM) : undefined;
  if (team) return { kind: 'team', owner: null, task: team };
  return undefined;
}

const overlap = (a: string, b: string) => {
  const x = new Set(contentWords(a));
  const y = new Set(contentWords(b));
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared / Math.max(1, Math.min(x.size, y.size));
};

/** An answer that turns a request down: "No, …" (not "No problem"), "Sorry, I can't", "I'm afraid not", "I'd rather not…", "I tried that…", "Honestly, I'm not
 * sure…". */
const REFUSAL = /^\s*(?:(?:honestly|well|um|hmm)\s*,?\s*)?(?:no\b(?!\s+(?:problem|worries|bother))|nope\b|sorry\b|I\s+can't\b|I\s+cannot\b|I'd\s+(?:really\s+)?(?:love|like)\s+to(?:\s+\w+)?\s*,?\s+but\b|I\s+wish\s+I\s+could\b|I'm\s+afraid\b|I\s+won't\b|I'd\s+rather\s+not\b|I\s+tried\s+(?:that|it)\b|I'm\s+not\s+sure\b|not\s+(?:me|really|with|this\s+week|today)\b)/i;

/** The speaker takes back what they just said: "Actually, no, …", "Scratch that.", "On second thoughts, no." */
const RETRACTED = /^\s*(?:(?:actually|wait|hang\s+on|hmm)\s*[,.]?\s*(?:no|scratch\s+that|forget\s+(?:that|it))\b|no\b(?!\s+(?:problem|worries|bother|rush))\s*,|scratch\s+that\b|forget\s+i\s+said\s+that\b|on\s+second\s+thoughts?\s*,?\s*no\b|no\s*,\s*wait\b)/i;

/** A task whose object points back ("do it tomorrow", "have that before Friday", "ask them by Thursday"). */
const POINTS_BACK = /^[\p{L}-]+\s+(?:it|that|this|them)\b(?!\s+(?:week|morning|afternoon|evening|weekend|month|year|time)\b)/iu;
/** A yes said as its own sentence ("Yep.", "Of course.", "No problem."). */
const BARE_YES = /^\s*(?:yes|yeah|yep|sure|of course|okay|ok|no problem|no bother|will do|absolutely|certainly|definitely)\s*[,.!]?\s*(?:chef|boss)?\s*[.!]?\s*$/i;

/** An answer that says yes before it promises ("Yes, I'll…", "Sure, …", "Not at all, …"). */
const ANSWER = /^\s*(?:yes|yeah|yep|sure|okay|ok|of course|certainly|absolutely|no problem|not at all|will do|happy to|fine|right|alright)\b/i;

const anaphoric = (task: string, due: string | null) =>
  (/\b(?:it|that|this|them|him|her|those|these)\b/i.test(task) && contentWords(withoutDue(task, due)).length <= 1)
  // "I'll get back to you by Wednesday" answers for the task before it.
  || /^get\s+back\s+to\s+(?:you|them|him|her|everyone)\b/i.test(task);

const WE_WILL = new RegExp(String.raw`\bwe'll\s+(?:also\s+|still\s+|just\s+)?${TASK_START}(?=[a-z])`, 'i');
/** "Can someone (else) clear the spam?", "…if someone shows me how the lens works": a task put to whoever takes it. */
const ANYONE = new RegExp(
  String.raw`\b(?:(?:can|could|will|would)\s+(?:somebody|someone|anyone|anybody)(?:\s+else)?|if\s+(?:somebody|someone|anyone|anybody)(?:\s+else)?|(?:I|we)\s+(?:still\s+|really\s+)?need\s+(?:somebody|someone)\s+to|\b(?:want|wants|wanted|would\s+like|asked)\s+us\s+to)\s+(?:at\s+least\s+|please\s+)?${TASK_START}(?=[a-z])`, 'i');
/** "Who's writing the checklist for it?", "Who's going to ring them?": a task put to whoever answers. */
const WHO_WILL = /\bwho(?:'s|\s+is|'ll|\s+will|\s+can|\s+wants\s+to)\s+(?:going\s+to\s+)?(?=[a-z]+\s+\S)/i;
/** "Can we get the heavier padlock?": something put to the group, taken on by whoever answers it. */
const CAN_WE = new RegExp(
  String.raw`^\s*(?:(?:so|okay|ok|right|and)\s*,?\s+)?(?:can|could)\s+we\s+(?=(?:get|order|buy|book|find|sort|fix|replace|print|send|arrange)\s+\S)`, 'i');
/**
 * What a sentence says the group, or anyone, is to do, deadline or not: "We'll also call back the leads from the open
 * day.", "Can somebody at least clear the spam today?" ("do it" when it points back). `speaker` stands for "me".
 */
function sharedTaskOf(text: string, speaker: string): string | undefined {
  const asked = WHO_WILL.exec(text) ?? CAN_WE.exec(text);
  const anyone = asked ?? ANYONE.exec(text);
  const match = anyone ?? (/\?\s*$/.test(text) ? null : TEAM.exec(text) ?? WE_WILL.exec(text));
  if (!match || (!anyone && CONDITIONAL.test(text.slice(0, match.index)))) return undefined;
  const said = tidyTask(clauseFrom(text, match.index + match[0].length));
  // "Who's writing…", "…if someone shows me how…" → "write…", "show me how…": the verb as the task's plain form.
  const task = asked || /^if\b/i.test(match[0].trim()) ? inPlainForm(said) : said;
  // (ANYONE, TEAM and WE_WILL leave talk out in their pattern; a question to whoever still may ask for it.)
  return wordsIn(task) >= 2 && !(asked && NOT_A_TASK.test(task)) ? thirdPerson(task, speaker) : undefined;
}

/** "Luis, that one's yours (then).", "Marcus, the pre-printing is yours.", "Sam, you take that.": a task handed to a person. */
const HANDED = /^([A-Z][\p{L}]+|[a-z]+),\s*(?:(?:that|this)(?:\s+one)?(?:'s|\s+is)|it's|(the\s+[\p{L}-]+(?:\s+[\p{L}-]+){0,3})\s+is)\s+yours\b|^([A-Z][\p{L}]+),\s*you\s+take\s+(?:that|this|it)\b/u;
function assignmentOf(text: string, ctx: ActionContext): { owner: string; what: string | null } | undefined {
  const match = HANDED.exec(text);
  // "Wonderful, that's yours, Raj.": the name may close the sentence instead; a common word opening it is no name.
  const closing = match ? /^,\s*([A-Z][\p{L}]+)\s*[.!]?\s*$/u.exec(text.slice(match.index + match[0].length))?.[1] : undefined;
  const opening = match?.[1] ?? match?.[3];
  const common = (word: string) => !knownName(word, ctx.knownNames) && (frequencyRank(word.toLowerCase()) ?? Infinity) <= 15_000;
  const said = closing ?? (opening && !common(opening) ? opening : undefined);
  if (!said || NOT_NAMES.has(said.toLowerCase())) return undefined;
  const owner = knownName(said, ctx.knownNames) ?? (/^[A-Z]/.test(said) ? said : undefined);
  return owner ? { owner, what: match![2] ?? null } : undefined;
}

type Found = FoundAction & { index: number; said: string };

/** What the passes over a meeting share: its sentences, the context, the items found and the tasks asked, by sentence. */
interface Finding {
  readonly sentences: readonly ActionSentence[];
  readonly ctx: ActionContext;
  readonly found: Found[];
  /** Every task asked of someone, by sentence, turned down or not ("Can someone else do it?" points back to it). */
  readonly asked: Map<number, string>;
  readonly assigned: Array<{ index: number; owner: string; what: string | null }>;
}

/** The action items of a meeting in meeting order. `sentences` are cleaned of fillers. */
export function findActionItems(sentences: readonly ActionSentence[], ctx: ActionContext): FoundAction[] {
  const finding: Finding = { sentences, ctx, found: [], asked: new Map(), assigned: [] };
  collectActions(finding);
  // A request and the same person's promise just after it are one item; so are repeats of one task.
  const merged = mergeActions(finding);
  handOverAssigned(finding, merged);
  merged.sort((a, b) => a.index - b.index);
  return merged.map(({ index: _index, said: _said, ...item }) => item);
}

/** Each sentence's action (a commitment, a request, a team task) with its owner and task, and the tasks handed to someone. */
function collectActions({ sentences, ctx, found, asked, assigned }: Finding): void {
  const before = (index: number) => {
    const at = sentences[index]!.at;
    return ctx.meeting && at !== undefined ? ctx.meeting.slice(0, at) : sentences.slice(0, index).map((s) => s.text);
  };
  sentences.forEach((s, index) => {
    const assignment = assignmentOf(s.text, ctx);
    if (assignment) { assigned.push({ index, ...assignment }); return; }
    const hit = actionOf(s.text, ctx);
    if (!hit) return;
    // "I'll do the cakes. Actually, no, I did them last year…": a promise taken back at once is none.
    const after = sentences[index + 1];
    if (hit.kind === 'commitment' && after && after.speaker === s.speaker && RETRACTED.test(after.opened ?? after.text)) return;
    // "I'll raise it with the group. I'm chairing the committee this morning anyway.": the plan is the promise's reason.
    const previous = sentences[index - 1];
    if (hit.planned && previous && previous.speaker === s.speaker && actionOf(previous.text, ctx)) return;
    if (hit.kind === 'request') asked.set(index, thirdPerson(hit.task, ctx.nameOf(s.speaker)));
    let owner: string | null;
    let task = hit.task;
    if (hit.kind === 'commitment') {
      owner = ctx.nameOf(s.speaker);
      task = thirdPerson(task, null);
    } else if (hit.kind === 'request') {
      const answerer = sentences.slice(index + 1, index + 3).find((n) => n.speaker !== s.speaker);
      // A request turned down ("No, not with my back the way it is.") is no one's task.
      if (answerer && REFUSAL.test(answerer.opened ?? answerer.text)) return;
      // …and one done there and then ("Could you shut the door?" — "Done.") is nobody's task any more.
      if (answerer && /^\s*(?:done|there\s+you\s+go|there\s+we\s+go)\s*[.!]/i.test(answerer.opened ?? answerer.text)) return;
      // A name no speaker is labelled with ("Large, will you…" for Raj) yields to the speaker who takes the task on.
      const misheard = hit.owner !== 'addressee' && ctx.knownNames.length > 0 && !ctx.knownNames.includes(hit.owner as string)
        && answerer !== undefined && (ANSWER.test(answerer.opened ?? answerer.text) || COMMITMENT.test(answerer.text));
      owner = hit.owner === 'addressee' || misheard ? (answerer ? ctx.nameOf(answerer.speaker) : null) : hit.owner;
      task = thirdPerson(task, ctx.nameOf(s.speaker));
    } else {
      owner = hit.owner === 'addressee' ? null : hit.owner;
    }
    task = resolvePersonPronoun(resolveObjectPronoun(task, before(index)), before(index));
    found.push({ kind: hit.kind, owner, task, due: dueOf(s.text), start: s.start, end: s.end, index, said: s.opened ?? s.text });
  });
}

/**
 * "Sure, I'll do that today." just after another speaker said what the group is to do ("We'll also call back the
 * leads…"): the volunteer owns that task (the team's item, when it was one, gets the owner).
 */
function takeUpSharedTask(item: Found, into: Found[], { sentences, ctx, found, asked }: Finding): void {
  const volunteer = sentences[item.index]!.speaker;
  for (const k of [item.index - 1, item.index - 2]) {
    const said = sentences[k];
    if (!said || said.speaker === volunteer) continue;
    const shared = sharedTaskOf(said.text, ctx.nameOf(said.speaker));
    // "Can someone else do it?" after a request turned down: the task asked before.
    const task = shared && anaphoric(shared, null) ? [...asked].filter(([at]) => at < k && k - at <= 3).at(-1)?.[1] : shared;
    if (!task) continue;
    const team = into.findIndex((m) => m.index === k && m.owner === null);
    const owned = { kind: 'commitment' as const, owner: item.owner, task: thirdPerson(task, null), due: item.due ?? dueOf(said.text), start: said.start,
      end: item.end, index: k, said: said.text };
    if (team >= 0) into[team] = { ...owned, due: into[team]!.due ?? owned.due };
    else into.push(owned);
    return;
  }
  // "I'll do it." from someone else just after a request was turned down ("Honestly, I can't take that on."): the
  // volunteer takes what was asked.
  const declined = [...asked].filter(([at]) => at < item.index && item.index - at <= 3 && !found.some((f) => f.index === at)).at(-1);
  if (declined && sentences[declined[0]]!.speaker !== volunteer) {
    const [at, task] = declined;
    into.push({ kind: 'commitment', owner: item.owner, task, due: item.due ?? dueOf(sentences[at]!.text), start: sentences[at]!.start, end: item.end,
      index: item.index, said: item.said });
  }
}

/** The found items with requests and the promises answering them, and repeats of one task, made one. */
function mergeActions(finding: Finding): Found[] {
  const { sentences, found } = finding;
  const merged: Found[] = [];
  for (const item of found) {
    // A task that names nothing and points back ("I'll start on it tonight", "I'll ask him about that") belongs
    // to the same owner's item just before it, or takes up what was put to anyone; with none to point to, it says
    // nothing a reader can act on (listing such items with their topic cost more precision than it gained: 0.86 → 0.83).
    if (anaphoric(item.task, item.due)) {
      const antecedent = merged.findLast((m) => m.owner === item.owner && item.index - m.index <= 3);
      if (antecedent) merged[merged.indexOf(antecedent)] = { ...antecedent, due: antecedent.due ?? item.due, end: Math.max(antecedent.end, item.end) };
      else if (item.kind === 'commitment') takeUpSharedTask(item, merged, finding);
      continue;
    }
    // "Yes, I'll have it done." after a request says yes to it: no task of its own.
    // So does "Yes, I'll give them a ring." just after a request to the same person: the answer, in other words.
    // So is "I'll have that before the board meeting" / "Yep. I'll do it tomorrow": the answer points back to the request.
    const accepted = sentences[item.index - 1]?.speaker === sentences[item.index]!.speaker && BARE_YES.test(sentences[item.index - 1]!.opened ??
      sentences[item.index - 1]!.text);
    const vague = contentWords(item.task).length <= 1 || ANSWER.test(item.said) || POINTS_BACK.test(item.task) || accepted;
    const same = merged.find((m) => m.owner === item.owner && ((m.kind === 'request' && item.kind === 'commitment' && item.index - m.index <= 3 && (vague ||
      overlap(m.task, item.task) > 0))
      // "I can pull them from the system." — "Thanks, Hannah, get them to me before the next meeting.": the same task, asked back.
      || (m.kind === 'commitment' && item.kind === 'request' && item.index - m.index <= 2 && POINTS_BACK.test(item.task))
      || overlap(m.task, item.task) >= 0.6));
    if (!same) { merged.push(item); continue; }
    // The fuller wording of one task — but an answer about something else ("Sure, I'll have a number for you by Friday"
    // to "Could you get a price for one?") does not replace what was asked.
    // …unless the answer says the task more fully ("Can you get replacements in?" — "Yeah, I'll order twelve new kids' ones from the supplier.").
    // Reporting back ("come back to you before the board meeting") is not the task itself.
    const fuller = contentWords(withoutDue(item.task, item.due)).length >= contentWords(same.task).length + 2
      && !/^(?:come|get|report|circle)\s+back\b|^let\s+\w+\s+know\b/i.test(item.task);
    const unrelated = same.kind === 'request' && item.kind === 'commitment' && overlap(same.task, item.task) === 0 && !fuller;
    const richer = !unrelated && contentWords(item.task).length > contentWords(same.task).length ? item : same;
    merged[merged.indexOf(same)] = { ...same, task: richer.task, kind: same.kind, due: same.due ?? item.due, start: Math.min(same.start, item.start),
      end: Math.max(same.end, item.end) };
  }
  return merged;
}

/** Tasks handed to someone, given to them. */
function handOverAssigned({ sentences, ctx, assigned }: Finding, merged: Found[]): void {
  // A task handed to someone ("Luis, that one's yours then.") is theirs: the item just before it, or the one it names
  // ("the pre-printing is yours" → "We'll pre-print the key cards…").
  for (const { index, owner, what } of assigned) {
    const named = what ? contentWords(what) : [];
    const recent = merged.filter((m) => m.index < index && index - m.index <= 4);
    const item = what ? recent.findLast((m) => contentWords(m.task).some((w) => named.includes(w))) : recent.at(-1);
    if (item) { merged[merged.indexOf(item)] = { ...item, owner, kind: 'request' }; continue; }
    const source = what ? [index - 1, index - 2, index - 3, index - 4].find((k) => k >= 0 && contentWords(sentences[k]!.text).some((w) => named.includes(w))) :
      undefined;
    const task = source !== undefined ? sharedTaskOf(sentences[source]!.text, ctx.nameOf(sentences[source]!.speaker)) : undefined;
    if (task) {
      const follow = sentences[index + 1];
      const due = dueOf(sentences[index]!.text) ?? (follow && follow.speaker === sentences[index]!.speaker ? dueOf(follow.text) : null);
      merged.push({ kind: 'request', owner, task, due, start: sentences[source!]!.start, end: sentences[index]!.end, index, said: sentences[index]!.text });
    }
  }
}

/** How an action item reads in the notes: "Alice: send the deck to finance by Friday". */
export function actionText(item: Pick<FoundAction, 'owner' | 'task'>): string {
  const task = item.task.replace(/\bi\b/g, 'I');
  return item.owner ? `${item.owner}: ${task}` : task[0]!.toUpperCase() + task.slice(1);
}
