/**
 * Decisions: what the group settled on. Three kinds of evidence, none tied to a particular meeting's words:
 * - a sentence in the language of a group agreement or commitment: the group as subject of a decision verb
 *   ("we agreed/decided/settled on/chose/voted/went with", "we both agree"), a settled state ("it's
 *   settled", "that's final", "decision made", "Saturday it is"), a stated outcome ("the plan/decision/final
 *   answer/consensus is…"), "let's" with a verb that changes something ("let's drop…", not "let's start"),
 *   "we'll go with…", or a conclusion word followed by what the group does or what happens ("Then we keep the
 *   colours", "Fine, we'll hire a firm", "Good, the launch is postponed");
 * - a bare agreement ("Agreed.", "That's settled, then.", "Let's do it.") taking its content from the same
 *   speaker's next sentence, or else from the sentence it answers;
 * - a proposal ("I suggest…", "should we…", "how about…", "everyone okay with…") answered by another speaker
 *   with an acceptance ("Yes.", "Sounds good.") or a restatement of it.
 * Each clause of a sentence is judged on its own, so a decision followed by a question in the same sentence
 * ("We settled on the museum, and can I leave the coach with you?") still counts. The decision is written
 * without its marker when what remains can stand alone ("We decided to move the launch" → "Move the launch").
 */
import { tag, type TaggedToken } from './nlp.js';
import { contentWords } from './text.js';

export interface DecisionSentence { readonly text: string; readonly speaker: string; readonly start: number; readonly end: number }
export interface Decision { readonly text: string; readonly start: number; readonly end: number }
/** A decision with the indexes of the sentences it was read from. */
export interface SourcedDecision extends Decision { readonly sources: readonly number[] }

const GROUP = String.raw`(?:we|we've|we have|we all|we both|you and I|everyone|everybody|all of us|the team|the committee|the board|the group|the council|they)`;
const ADVERB = String.raw`(?:all\s+|both\s+|just\s+|now\s+|finally\s+|already\s+|unanimously\s+|eventually\s+|then\s+|also\s+)?`;
const DECIDED = String.raw`(?:agreed|decided|settled|chose|chosen|approved|signed off|voted|opted|went with|gone with|picked|committed|resolved|concluded)`;
/** Verbs that state a choice when the group does them or when something undergoes them. */
const CHOICE_PARTICIPLE = String.raw`(?:approved|confirmed|postponed|cancelled|canceled|chosen|selected|adopted|rejected|scrapped|delayed|agreed|settled|decided|fixed|booked|final)`;
/** After "let's": verbs about the meeting itself, not a change in the world. */
const LETS_PROCESS = /^(?:keep\s+(?:this|it)\s+(?:short|brief|quick|tight)|take\s+(?:that|this|it)\s+first|crack\s+on|get\s+cracking|carry\s+on|press\s+on|kick\s+off|(?:just\s+)?(?:have\s+a\s+|take\s+a\s+)?vote|make\s+(?:this|it)\s+quick|make\s+a\s+start|start|begin|get|go|move on|talk|discuss|see|look|think|check|wait|hear|meet|recap|review|continue|turn|focus|come|take a look|not|keep going|wrap|finish|skip|hope|say|try|make sure|find out|figure|ask|leave it|leave that|call it|be)\b/i;
/** After "we (will)": verbs that describe, feel or deliberate rather than commit. */
const WE_NOT_COMMITTING = /^(?:take\s+(?:our|the|a)\s+chances?|play\s+it\s+by\s+ear|wing\s+it|cross\s+that\s+bridge|have|had|has|are|were|was|is|be|been|know|knew|think|thought|need|needs|see|saw|got|get|did|do|don't|didn't|want|wanted|like|liked|love|hope|feel|felt|guess|believe|mean|said|say|talk|discuss|look|come|probably|maybe|might|could|can|can't|cannot|couldn't|should|shouldn't|would|wouldn't|must|may|try|tried|figure|check|wait|usually|always|never|still|only|even|really|spoke|heard|went|left|lost|sold|made|found|had|already|used|started|tend)\b/i;
/** "We're …ing" of talk, thought, state or trouble, not of a choice ("we're running late", "we're going to need"). */
const WE_DOING_NOT_COMMITTING = /^(?:going|having|thinking|seeing|getting|looking|talking|running|waiting|hoping|trying|struggling|missing|losing|doing|saying|feeling|wondering|planning|starting|finishing|coming|leaving|working|asking|discussing|considering|expecting)$/i;

/** Words that close a discussion before what the group does: "Fine, …", "Then …", "Good idea, …", "You're right, …". */
const CONCLUSION = String.raw`(?:good idea|great idea|sounds good|sounds great|fine by me|fair enough|you're right|that's right|makes sense|I agree|agreed|fine|fair|okay|ok|alright|all right|right|good|great|so|then|perfect|excellent|in that case|that case)`;

const MARKERS: readonly RegExp[] = [
  // The group as subject of a decision verb: "we agreed", "the committee voted", "we've settled on".
  new RegExp(String.raw`\b${GROUP}\s+${ADVERB}(?:have\s+|had\s+)?${DECIDED}\b`, 'i'),
  // The group agreeing now: "we both agree", "everyone agrees", "we're all agreed".
  new RegExp(
    String.raw`\b(?:we\s+(?:all|both)\s+agree|(?:everyone|everybody)\s+agrees|we(?:'re| are)\s+(?:all\s+|both\s+)?(?:agreed|decided|settled|in agreement))\b`,
      'i'),
  // A settled state: "it's settled", "that is final", "it settled then", "decision made", "that settles it".
  /\b(?:it|that|this|which)(?:'s|\s+is|\s+was|\s+has been)?\s+(?:now\s+|all\s+)?(?:agreed|decided|settled|final|confirmed|a deal)\b/i,
  /\b(?:that|this)\s+settles\s+it\b|\bdecision\s+made\b|\bdone\s+deal\b|\bit's\s+official\b/i,
  /\b(?:agreed|decided|settled)\s+(?:to|that|on)\b/i,
  // A stated outcome: "the plan is to…", "our final answer is…", "the consensus was…".
  /\b(?:the|our|my|so the)\s+(?:final\s+|new\s+)?(?:plan|decision|answer|verdict|conclusion|consensus|outcome|choice|call)\s+(?:is|was|will be)\b/i,
  // "Saturday it is." / "The blue one it is." / "Forty pounds it stays." / "Hand-turned it is, with two stagehands."
  /\b(?!(?:what|how|as|where|whatever|who|which|that|whether|if|is|this|here|there|so|yes|yeah|no|because|know|think|see|wonder|way)\b)[\p{L}\p{N}]+\s+it\s+(?:is|stays)(?:\s*,\s*(?:with|for|from|on|at|in|then)\b[^.?!]*)?\s*[.!]?\s*$/iu,
  // A rule for everyone: "Nobody works under the east side while the lift is on."
  /^(?:(?:good|right|okay|ok|so|and)\s*,?\s*)?(?:nobody|no\s+one)\s+(?!(?:is|was|has|knows|thinks|wants|likes|cares|says|minds|remembers|seems|needs|gets\s+it|believes|feels|reads|listens|expects|understands|asks)\b)[a-z]+s\b(?=[^.?!]*\b(?:until|till|unless|without|while|during|before|after|when|alone|on\s+their\s+own|more\s+than|any\s*more)\b)(?![^.?!]*\?)/i,
  // Going with a choice.
  /\b(?:let's|let us)\s+(?:go|stick|stay)\s+with\b/i,
  /\b(?:we'll|we will|we're going to|we are going to|we're|we are|we)\s+(?:go|going|stick|sticking|stay|staying)\s+with\b/i,
  /\b(?:we'll|we will|we're going to|we are going to|we're|we are|we|let's|let us)\s+(?:go|going|move|moving|press|pressing)\s+(?:ahead|forward|on)\s+with\b|\b(?:we'll|we will|we|let's|let us)\s+proceed\s+with\b/i,
  // A bare agreement on its own.
  /^\s*(?:agreed|decided|done|settled|deal)\s*[.!]?\s*$/i,
  // "Then that's what we'll do." after what was put; "Okay, I'm calling it, no more paid posts this quarter."
  /\b(?:that's|that\s+is)\s+what\s+we(?:(?:'ll|\s+will|'re\s+going\s+to|\s+are\s+going\s+to)\s+do|(?:'re|\s+are)\s+doing)(?:\s+then)?\s*[.!]?\s*$/i,
  /\bI'm\s+calling\s+it\s*[,:]\s*\S/i,
  // "No exceptions." tags the rule said before it (as "That's the rule." does).
  /^\s*no\s+exceptions\s*[.!]?\s*$/i,
  // A word the turn left in front of a bare agreement ("Rehearsal. Agreed." heard as "Rehearsal agreed."); not a report of someone's.
  /^\s*(?!(?:he|she|I|you|nobody|nothing|not|never|who|it|that|this)\b)[\p{L}']+\s+(?:agreed|decided|settled)\s*[.!]?\s*$/iu,
  /^\s*(?:agreed|decided|settled)\s*[,:;]\s*\w+/i,
];

/** "let's" + a verb that changes something ("let's drop the lamb dish", "let's do it"). */
function letsCommits(text: string): boolean {
  // "let us" opens a clause ("Let us drop it"); "it has never let us down" is no suggestion.
  for (const m of text.matchAll(/\b(?:let's|let us)\s+(.+)/gi)) {
    const opensClause = /^let's/i.test(m[0]) || /(?:^|[,;:.]\s*|\b(?:so|then|and|okay|ok|right|now)\s+)$/i.test(text.slice(0, m.index));
    if (opensClause && !LETS_PROCESS.test(m[1]!.trim())) return true;
  }
  return false;
}

/** Verbs of something changing place, time or state ("moves", "goes", "stays", "starts", …). */
const CHANGE_VERBS = String.raw`(?:moves|move|goes|go|starts|start|stays|stay|becomes|switches|switch|opens|closes|ends|returns|takes\s+place|is\s+on|are\s+on|launches|launch|runs|run|gets|get|begins|begin|changes|change)`;
/** "Alright, the concert moves to the school gym.", "Then the nut-free guest gets the sorbet." */
const CHANGED_DETERMINED = new RegExp(String.raw`^(?:so\s+|then\s+)?(?:the|our|this|that|all|every|each|no|it)\b[^,;]{0,50}?\b${CHANGE_VERBS}\b`, 'i');
/** The same without an article, in lower case so not a person ("Then Tom goes to the dentist"): "Then late opening stays on Thursdays." */
const CHANGED_BARE = new RegExp(
  String.raw`^(?:(?:[Ss]o|[Tt]hen)\s+)?(?:(?!(?:we|you|he|she|they|it|there|who|what|that|this|everyone|nobody|to|and|or|of|for|off|on|up|out|in|will|would|can|could|should|must|might|just|still|never|always|let's)\b)[a-z][\p{L}-]*\s+){1,3}${CHANGE_VERBS}\b`, 'u');

/** A conclusion word, then what the group does or what happens: "Then we keep…", "Good, the launch is postponed". */
function concludes(text: string): boolean {
  const opened = new RegExp(String.raw`^\s*(?:(?:${CONCLUSION})\s*[,.]?\s*)+(.*)$`, 'i').exec(text);
  if (!opened) return false;
  // "Okay, sliding doors, the extension gets sliding doors": the choice named first, then what the group does (one
  // sentence when the speech engine runs the two together).
  const rest = opened[1]!.replace(/^(?:[\p{L}-]+\s+){0,2}[\p{L}-]+\s*,\s*(?:and\s+)?(?=(?:the|our|we)\s)/iu, (named) =>
    (/\b(?:is|are|was|were|will|would|can|could|we|I|you|it)\b/i.test(named) ? named : ''));
  // "Then we're passing the piano move to…": the group doing something from now on.
  const weDoing = /^(?:so\s+|then\s+)?we(?:'re|\s+are)\s+(?:now\s+|just\s+)?(?!going\s+to\b)(\w+ing)\b/i.exec(rest);
  // "Great, we're doing the festival." — doing a thing named; "we're doing fine" is no choice.
  if (weDoing) return !WE_DOING_NOT_COMMITTING.test(weDoing[1]!) || (/^doing$/i.test(weDoing[1]!) &&
    /^(?:so\s+|then\s+)?we(?:'re|\s+are)\s+(?:now\s+|just\s+)?doing\s+(?:the|a|an|both)\s+(?!same\b|best\b|most\b|rest\b)\w/i.test(rest));
  const we = /^(?:so\s+|then\s+)?we(?:'ll|\s+will|\s+shall|'re going to|\s+are going to)?\s+(?:just\s+|also\s+|then\s+)?(.+)$/i.exec(rest);
  // "We'll do it at the community hall." — "do" after will/going to is doing the thing ("we do need…" is not).
  if (we) return !WE_NOT_COMMITTING.test(we[1]!.trim()) ||
    /^(?:so\s+|then\s+)?we(?:'ll|\s+will|'re going to|\s+are going to)\s+(?:just\s+|also\s+|then\s+)?do\s+(?:it|that|this|the)\s+\w/i.test(rest);
  return new RegExp(String.raw`^(?:so\s+|then\s+)?[^,;]{0,60}?\b(?:is|are|will be|has been|have been|gets|get)\s+(?:now\s+)?${CHOICE_PARTICIPLE}\b`,
    'i').test(rest)
    // …or put out of use or out of the way ("Then those three are taped off until estates repairs them.").
    || /^(?:so\s+|then\s+)?[^,;]{0,60}?\b(?:is|are|will\s+be|stays?)\s+(?:now\s+)?\w+ed\s+(?:off|out|away|down)\b/i.test(rest)
    // Something the group owns changes place, time or state.
    || ((CHANGED_DETERMINED.test(rest) || CHANGED_BARE.test(rest)) && !pastTense(rest))
    // A conclusion that ends on "then": "Right, picking starts on the fifteenth then.", "Okay, seven o'clock then."
    || (/\bthen\s*[.!]?\s*$/i.test(rest) && !/^then\s*[.!]?\s*$/i.test(rest) && !/\blet(?:'s|\s+us)\b/i.test(rest) && !NOT_STANDING.test(rest) &&
      !pastTense(rest));
}

/** "We're keeping the two-week sprint length" — the group keeps something as it is (not "keeping an eye on"). */
const KEEPING = /\bwe(?:'re|\s+are|'ll|\s+will)\s+(?:still\s+|just\s+)?(?:keeping|keep)\s+(?:the|our|it|this|that)\b(?![^.?!]*\b(?:eye|track|going|in mind|quiet)\b)/i;

/** "Then it's the barn by the river." — a choice named after "then it's". */
const THEN_ITS = /^\s*(?:(?:okay|ok|alright|all right|right|good|fine|so)\s*,?\s*)?then\s+it's\s+(?:the|a|an|our)\s+(?!end\b|time\b|next\b|last\b)\w+/i;

/** Putting a choice off is not making it: "Let's leave that for next week", "Hold it over to the next meeting", "Too early to call". */
const POSTPONED = /\b(?:think|talk|mull)\s+(?:it|that|this)\s+over\b|\b(?:once|until|till)\s+we\s+(?:know|see|hear|have\s+heard|get)\b|\blook\s+at\s+(?:it|that|this)\s+again\b|\bcome\s+back\s+to\s+(?:you|us|them)\b|\bdecide\s+(?:then|later|after|once|when)\b|\bbring\s+(?:it|that|this)\s+up\s+(?:at|in|with|next)\b|\bdecide\b[^.?!]*\b(?:next|later|another)\b|\b(?:park|leave|table|defer)\s+(?:it|that|this|the\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:until|till|for)\b|\bhold\s+off\b|\brevisit\b|\b(?:leave|hold|park|put|keep|push)\b[^.?!]*?\b(?:for|until|till|to|over|off)\b[^.?!]*?\b(?:next|later|another|the\s+next|we've\s+seen|we\s+see|we\s+know|we've\s+had)\b|\bhold\s+(?:it|that|this|[\w-]+(?:\s+[\w-]+)?)\s+over\b|\btoo\s+early\s+to\s+(?:call|decide|say|tell)\b|\bcome\s+back\s+to\s+(?:it|that|this)\b|\bnot\s+decide\b|\bdecide\s+(?:that|it|this)\s+(?:once|when|after|later|next)\b|\b(?:next\s+(?:meeting|time|week|month|session)|later)\s+then\s*[.!]?\s*$/i;
/** True when the sentence puts a choice off ("let's park it until Thursday", "hold off", "we'll revisit it"). */
export const putsOff = (text: string): boolean => POSTPONED.test(text);
const NEGATED = /(?:\bnot|n't|\bnever|\byet to|\bundecided|\bnothing)\b[^.?!]*?\b(?:agreed|decided|settled|decision|final|go with|going with)\b|\b(?:need|needs|have|has|should|must|going|want|wants)\s+to\s+(?:decide|agree|settle|choose|vote)\b|\bif\s+we\b|\bwhether\b/i;

const WHEN = String.raw`(?:next|this|today|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|the\s+(?:first|start|beginning|end))`;
/** A rule or standing arrangement: "From now on…", "…from next week", "…starting Monday", "…, that's the rule". */
/** "From now on…", also as a small speech engine hears it ("from how on"), and its like. */
const FROM_NOW_ON = String.raw`(?:from\s+(?:now|how)\s+on|going\s+forward|from\s+here\s+on)`;
const STANDING = new RegExp(
  String.raw`\b(?:${FROM_NOW_ON}|as\s+of\s+(?:now|${WHEN})|from\s+${WHEN}|(?:^|,\s*)starting\s+(?:on\s+|from\s+)?${WHEN}|(?:that's|that\s+is|this\s+is)\s+the\s+(?:new\s+)?rule|the\s+(?:new\s+)?rule\s+is)\b`, 'i');
/** What a standing arrangement is not: one person's promise or a request, a hedge or hypothetical, musing, a past event. */
const NOT_STANDING = /\b(?:still|I'll|I\s+will|I'm\s+going\s+to|I\s+am\s+going\s+to|I\s+need\s+to|I\s+have\s+to|let\s+me|you'll|you\s+will|you\s+need\s+to|you\s+should|maybe|perhaps|might|could|would|should|if|unless|whether|think\s+about|wonder|suppose)\b/i;
/** A report of what happened rather than what is settled ("The oven broke again on Monday"). */
const PAST = /\b(?:was|were|did|didn't|had|hadn't|went|came|broke|said|told|took|made|got|sold|ran|found|left|gave|bought|saw|wrote|began|fell|happened|used\s+to|last\s+(?:week|month|year|time|spring|summer|autumn|winter))\b/i;
const pastTense = (text: string) => PAST.test(text)
  // Not a participle after "is/get…" ("gets signed out"), before a noun after an article ("the locked cabinet"), after a
  // noun before "as/by" ("any dog flagged as nervous") or opening a sentence before its noun ("Subtitled screenings…").
  || /\b(?!(?:hundred|red|bed|shed|need|speed|feed|seed|wed|bred|sacred|naked|wicked)\b)\w{2,}[^e\W]ed\b/i.test(text
    .replace(/\b(?:is|are|be|been|being|gets|get|stays|stay)\s+(?:\w+ly\s+)?\w+ed\b/gi, '').replace(/\b(?:the|a|an|our|their|your|my)\s+\w+ed\s+(?=\w)/gi, '')
    .replace(/\b(?!(?:I|we|you|he|she|they|it|who)\b)(\w+\s+)\w+ed\s+(?=(?:as|by)\b)/gi,
      '$1').replace(
        /^\s*(?:(?:okay|ok|right|so|then|good|fine|great)\s*,?\s*)?\w+ed\s+(?!(?:the|a|an|it|them|him|her|us|me|that|this|those|these|our|their|my|your|his|its|to|on|in|at|for|with|by|up|out|off|down|over|back|yesterday|last)\b)(?=\w)/i, ''));

/** "From now on, if the reading is late, …": a condition the rule opens with is no hedge. */
const RULE_CONDITION = new RegExp(String.raw`^(?:[\p{L}']+\s*,\s*)?(?:(?:but|so|and)\s+)?${FROM_NOW_ON}\s*,?\s*(?:if|unless|when)\b[^,]*,`, 'iu');
function standing(clause: string): boolean {
  return STANDING.test(clause) && !NOT_STANDING.test(clause.replace(RULE_CONDITION, '')) && !pastTense(clause);
}

/** Someone's approval, then what follows from it: "The kitchen said yes, so breakfast is served until eleven". */
const APPROVED_SO = /\b(?:said\s+yes|agreed|approved|signed\s+off|okayed|gave\s+(?:us\s+)?the\s+go-ahead)\b[^.?!;]*?,\s*so\s+(.+)$/i;
const OUTCOME = /^[^,;]{0,60}?\b(?:is|are|will\s+be)\s+(?:now\s+)?\w+(?:ed|en)\b/i;
function approvedOutcome(clause: string): string | undefined {
  const rest = APPROVED_SO.exec(clause)?.[1];
  return rest && (OUTCOME.test(rest) || concludes(`Fine, ${rest}`)) && !NOT_STANDING.test(rest) && !pastTense(rest.replace(OUTCOME, '')) ? rest : undefined;
}

/** Verbs of an order that moves the meeting along rather than settling anything ("Go on, then.", "Tell that to him, then."). */
const PROCESS_ORDER = /^(?:go|come|tell|ask|say|let|see|look|hang|wait|get|carry|crack|try|think|talk|give|keep|bear|mind|hold|sit|stand|have)$/i;
/** "Drop Birch Crescent, then.": an order closing on "then" settles what was discussed. */
function ordersThen(clause: string): boolean {
  const order = /^\s*(?:(?:aye|yes|yeah|okay|ok|right|fine|alright|suppose)\s*[,.]\s*)*([a-z]+)\s+([^,?]+?),\s*then\s*[.!]\s*$/i.exec(clause);
  if (!order || PROCESS_ORDER.test(order[1]!) || contentWords(order[2]!).length === 0) return false;
  // The tagger reads an imperative's verb as a noun; after "you" it reads it as the verb it is.
  const verb = tag(`you ${order[1]!.toLowerCase()} ${order[2]}`)[1];
  return verb?.pos === 'VERB' && verb.lower === verb.lemma;
}

/** True when the clause (no question) records an agreement. */
function clauseDecides(clause: string): boolean {
  if (/\?\s*$/.test(clause)) return false;
  return (MARKERS.some((m) => m.test(clause)) || THEN_ITS.test(clause) || KEEPING.test(clause) || letsCommits(clause) || concludes(clause) ||
    standing(clause) || ordersThen(clause) || approvedOutcome(clause) !== undefined)
    && !NEGATED.test(clause) && !POSTPONED.test(clause);
}

/** The clauses of a sentence: split at "; " and at ", and/but/so" joins, each keeping its own end mark. */
export function clausesOf(text: string): string[] {
  return text.split(/\s*;\s*|,\s+(?=(?:and|but|so)\s+(?:can|could|would|will|we|I|you|then|let's)\b)/i).map((c) => c.trim()).filter(Boolean);
}

const coordinated = (clause: string) => {
  const m = /^(?:and|so)\s+(?:then\s+)?we(?:'ll|\s+will)?\s+(?:go\s+and\s+(?:we\s+)?)?(.+)$/i.exec(clause);
  return !!m && !/\?\s*$/.test(clause) && !WE_NOT_COMMITTING.test(m[1]!);
};

/** True when the sentence, or one of its clauses, records an agreement. */
export function isDecision(text: string): boolean {
  return clauseDecides(text) || clausesOf(text).some(clauseDecides);
}

const STRIP = new RegExp(String.raw`^(?:.*?\b)?${GROUP}?\s*${ADVERB}(?:have\s+)?(?:agreed|decided|settled|voted|chose|opted|committed)\s+(?:to|that|on|for)\s+`,
  'i');
const STRIP_LETS = /^(?:.*?\b)?(?:let's|let us)\s+/i;
const STRIP_AGREED = /^\s*(?:(?:then|so|okay|ok|fine|alright|right|good|great)\s*,?\s*)*(?:agreed|decided|settled|we(?:'ve| have)? (?:all |both )?agreed|we're agreed|we are agreed|we're all agreed|we both agree then|we all agree then|we both agree|we all agree)\s*[,:;]\s*/i;
const STRIP_OUTCOME = /^(?:.*?\b)?(?:the|our|my)\s+(?:final\s+|new\s+)?(?:plan|decision|answer|verdict|conclusion|consensus|outcome|choice|call)\s+(?:is|was|will be)\s*[,:]?\s*(?:to\s+|that\s+)?/i;
const STRIP_OPENER = new RegExp(String.raw`^\s*(?:(?:${CONCLUSION}|well|yes|yeah|and)\s*[,.]?\s+)+`, 'i');
const wordCount = (text: string) => (text.match(/[\p{L}\p{N}']+/gu) ?? []).length;
const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
const withStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Words that open a rule or a last item and are no part of the decision ("From now on, …", "Last thing, …"). */
const OPENING_CUE = new RegExp(String.raw`^(?:${FROM_NOW_ON}|one\s+more\s+thing|last\s+thing|finally)\s*,?\s*`, 'i');
/** A decision without its marker when enough remains ("We agreed to hire the Leeds movers." → "Hire the Leeds movers."). */
export function decisionText(text: string): string {
  const unwrapped = text.trim().replace(OPENING_CUE, '')
    .replace(/\s*,?\s*(?:that's|that\s+is|this\s+is)\s+the\s+(?:new\s+)?rule\s*([.!]?)\s*$/i, '$1');
  const approved = approvedOutcome(unwrapped);
  if (approved && wordCount(approved) >= 3) return withStop(capitalise(approved.trim()));
  const t = wordCount(unwrapped) >= 3 ? capitalise(unwrapped) : text.trim();
  for (const strip of [STRIP, STRIP_OUTCOME, STRIP_LETS, STRIP_AGREED]) {
    const rest = t.replace(strip, '');
    if (rest !== t && wordCount(rest) >= 3) return withStop(capitalise(rest.replace(/^that\s+/i, '')));
  }
  const rest = t.replace(STRIP_OPENER, '');
  return withStop(capitalise(wordCount(rest) >= 3 ? rest : t));
}

/** "Fine, the repair then.": a conclusion that names its choice. */
const namesChoice = (text: string) => {
  // "Fine, leaflet then.", "Okay, technical it is."
  const named = /^\s*(?:(?:fine|okay|ok|right|good|great|alright|so)\s*,?\s*)+((?:the\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(?:then|it\s+is|it\s+stays)\s*[.!]?\s*$/iu.exec(text)?.[1];
  return named !== undefined && contentWords(named).length > 0 &&
    !/^(?:it|that|this|agreed|settled|decided|done|deal|good|great|fine|perfect|sounds\s+good)$/i.test(named);
};
/** Says only that something was agreed, not what ("Then we agreed.", "Agreed, let's do that."). */
const isBare = (text: string) => !namesChoice(text) && wordCount(text.replace(
  /\b(?:then|so|okay|ok|well|good|great|fine|alright|right|yes|yeah|let's go with that|let's go with it|go with that|go with it|let's do that|let's do it|do it|do that|on that|it|that|this|is|it's|that's|all|both|agree|agreed|settled|settles|decided|deal|final|perfect|sounds|for me)\b/gi, '')) <= 2;

/** "I think we do the refit in October": a proposal, unless what follows is a need, a state or talk ("I think we need…"). */
const I_THINK_WE = String.raw`I\s+think\s+we(?=\s+(?!(?:need|needs|have|had|are|were|did|might|may|can't|don't|should\s+(?:talk|discuss|think))\b)[a-z]+\s)`;
/** A suggestion put to the others ("I'd suggest…", "should we…", "how about…", "everyone okay with…"). */
const PROPOSAL = new RegExp(
  String.raw`\b(?:${I_THINK_WE}|I\s+(?:would\s+|'d\s+)?(?:suggest|propose|recommend)|I'm\s+happy\s+with|I'd\s+be\s+happy\s+with|I'm\s+fine\s+with|I'd\s+go\s+(?:for|with)|I\s+vote\s+(?:for|we)|how\s+about|why\s+don't\s+we|why\s+not|should\s+we|shall\s+we|could\s+we|can\s+we|we\s+could|we\s+should|maybe\s+we|perhaps\s+we|what\s+if\s+we|(?:is\s+)?(?:everyone|everybody)\s+(?:okay|ok|happy|fine|alright|all right|good)\s+with|are\s+(?:we|you)\s+(?:all\s+|both\s+)?(?:okay|ok|happy|fine)\s+with|any\s+objections?)\b`, 'i');
const STRIP_PROPOSAL = new RegExp(
  String.raw`^(?:.*?\b)?(?:${I_THINK_WE}|I\s+(?:would\s+|'d\s+)?(?:suggest|propose|recommend)(?:\s+that)?(?:\s+we)?|I'm\s+happy\s+with|I'd\s+be\s+happy\s+with|I'm\s+fine\s+with|I'd\s+go\s+(?:for|with)|I\s+vote\s+(?:for|we)|how\s+about(?:\s+we)?|why\s+don't\s+we|why\s+not|should\s+we|shall\s+we|could\s+we|can\s+we|we\s+could|we\s+should|maybe\s+we|perhaps\s+we|what\s+if\s+we|(?:is\s+)?(?:everyone|everybody)\s+(?:okay|ok|happy|fine|alright|all right|good)\s+with|are\s+(?:we|you)\s+(?:all\s+|both\s+)?(?:okay|ok|happy|fine)\s+with|any\s+objections?\s+to)\s+`, 'i');
/** An answer that accepts what was put ("Yes.", "Sounds good.", "Fine by me, let's do it."). */
const ACCEPT = /^\s*(?:no\s*,\s*(?:that\s+works|that's\s+fine|fine|go\s+ahead)|yes|yeah|yep|agreed|I agree|sounds good|sounds great|sounds fine|good idea|great idea|fine|okay|ok|sure|deal|perfect|that works|works for me|makes sense|let's do it|let's do that|absolutely|definitely|of course|good|great|lovely|excellent|I like it|I like that|happy with that|no objection)\b/i;
/** An acceptance that is a whole sentence ("Good idea.", "Yes.", "You're right.", "Fine by me."). */
const ACCEPT_ALONE = /^\s*(?:(?:yes|yeah|yep|okay|ok|sure|alright|all right|right|fine|good|great|perfect|true|absolutely|definitely|of course|agreed|I agree)\s*[,.!]?\s*)*(?:yes|yeah|yep|agreed|I agree|good idea|great idea|sounds good|sounds great|sounds right|sounds fine|fine by me|fine|okay|ok|sure|alright|all right|you're right|that's right|that's true|true|absolutely|definitely|of course|perfect|good|great|deal|makes sense|that makes sense|works for me|that works|fair enough|I like it|I like that|I love it|love it|happy with that)(?:\s+(?:to|for|with)\s+me)?\s*[.!]?\s*$/i;
const QUESTION = /\?\s*$/;
const RULE_TAG = new RegExp(
  String.raw`^\s*(?:(?:so|and|okay|ok)\s*,?\s*)?(?:(?:that's|that\s+is|this\s+is)\s+the\s+(?:new\s+)?rule(?:\s+${FROM_NOW_ON})?|no\s+exceptions)\s*[.!]?\s*$`,
    'i');

/** True when `statement` takes up most of what one of `before` put ("Could deliveries come before eight?" → "Deliveries come before eight."). */
function takesUp(statement: string, before: readonly string[]): boolean {
  const words = [...new Set(contentWords(statement))];
  return words.length >= 3 && before.some((b) => {
    const said = new Set(contentWords(b));
    const shared = words.filter((w) => said.has(w)).length;
    return shared >= 2 && shared / words.length >= 0.5;
  });
}

/**
 * What the group settled on after an acceptance said as its own sentence: the next sentence, by whichever speaker
 * the turns give it, when it says what the group does ("Good idea." → "We'll open a second desk on Fridays.") or
 * takes up what was put just before ("Yes." → "Deliveries only come before eight."). Not a question, a task of one
 * person, a hedge or a report of the past.
 */
function settledAfterAcceptance(next: string, before: readonly string[]): boolean {
  if (QUESTION.test(next) || NOT_STANDING.test(next) || pastTense(next) || NEGATED.test(next) || POSTPONED.test(next)) return false;
  return concludes(`Fine, ${next}`) || takesUp(next, before);
}

/** "Tuesday works for me.", "Fine by me." — an acknowledgement of what was just said. */
const WORKS_FOR_ME = /^\s*(?:(?:yeah|yes|okay|ok|fine|sure|right)\s*,\s*)?(?:[\p{L}\p{N}']+\s+){0,3}(?:works|suits|is\s+fine|is\s+good|sounds\s+good|sounds\s+fine)\s+(?:for|with|by|to)\s+me\s*[.!]?\s*$/iu;
/** Said of what is to come: a time ahead, or will/going to. */
const AHEAD = new RegExp(String.raw`\b(?:will|going\s+to|from|starting|until|tomorrow|tonight|evening|morning|afternoon|weekend|${WHEN})\b|'ll\b`, 'i');
/**
 * A plain statement of what will change, by the group or to something it owns ("The dress rehearsal moves to
 * Tuesday evening.", "We open a second desk from next week."): not a question, promise, request, hedge, negation or
 * past event.
 */
function statesChange(text: string): boolean {
  return AHEAD.test(text) && statesPlainly(text);
}

/** Index of the statement of a change (one of the two sentences before `i`) that another speaker's acknowledgement at `i` accepts. */
function acknowledged(sentences: readonly DecisionSentence[], i: number, used: ReadonlySet<number>): number | undefined {
  const ack = sentences[i]!;
  const named = new Set(contentWords(ack.text));
  const names = (k: number) => contentWords(sentences[k]!.text).some((w) => named.has(w));
  // A statement of a change ahead; or, when the acknowledgement names a word of it ("Forty five works for me."), any
  // plain statement of what the group does; or an order that sets how things are done ("Drop it to three minutes.").
  const candidates = [i - 1, i - 2].filter((k) => k >= 0 && !used.has(k) && sentences[k]!.speaker !== ack.speaker
    && (statesChange(sentences[k]!.text) || (names(k) && statesPlainly(sentences[k]!.text)) || setsRule(sentences[k]!.text)));
  return candidates.find(names) ?? candidates[0];
}

/** A plain statement (no time ahead needed) of what the group does or what happens: not a question, promise, hedge, negation or past event. */
function statesPlainly(text: string): boolean {
  if (QUESTION.test(text) || NOT_STANDING.test(text) || pastTense(text) || NEGATED.test(text) || POSTPONED.test(text)) return false;
  return clausesOf(text).some((c) => concludes(`Fine, ${c}`) || coordinated(c));
}

/** Verbs of an order that changes how things are done ("Drop it to three minutes.", "Offer them fifteen percent…"). */
const RULE_VERBS = /^(?:drop|raise|lower|cut|increase|reduce|move|change|switch|cap|limit|offer|keep|make|set|put|stop|start|use|charge|extend|shorten|double|halve|push|bring)\b/i;
/** An order to the group: a policy verb first (so no one is addressed by name), no question, no past event. */
function setsRule(said: string): boolean {
  const text = said.replace(/^\s*(?:(?:okay|ok|right|so|fine|then|alright)\s*,?\s*)+/i, '');
  return RULE_VERBS.test(text.trim()) && !QUESTION.test(text) && !pastTense(text) && !POSTPONED.test(text);
}

/** Not an acceptance — except "No, that works." answering "…if no one is against it". */
const REFUSE = /^\s*(?!no\s*,\s*(?:that\s+works|that's\s+fine|fine|go\s+ahead|no\s+objection)\b)(?:no|nope|not|I don't|I'm not|maybe|hmm|I'm afraid|actually|but|wait)\b/i;

/** True when `answer` says again most of what `proposal` put ("…I suggest the first Sunday of June" → "The open day is on the first Sunday of June"). */
function restates(answer: string, proposal: string): boolean {
  const said = new Set(contentWords(proposal));
  const words = [...new Set(contentWords(answer))];
  return words.length >= 3 && words.filter((w) => said.has(w)).length / words.length >= 0.6;
}

/** A conclusion word said as its own sentence ("Okay.", "Right.", "Perfect."). */
const CONCLUSION_ALONE = /^\s*(?:(?:okay|ok|right|alright|all right|fine|good)\s*,?\s*)?(?:okay|ok|right|fine|alright|all right|good|great|perfect|excellent|go\s+on(?:\s*,?\s*then)?|go\s+for\s+it|I'm\s+convinced|you've\s+convinced\s+me|I'm\s+sold)\s*[.!]?\s*$/i;
/** The speaker asks the others to agree to what they just put: "Agreed?", "Everyone happy with that?", "Any objections?". */
const AGREEMENT_ASKED = /^\s*(?:(?:so|okay|ok|right)\s*,?\s*)?(?:(?:all|everyone|everybody)\s+)?(?:agreed|(?:is\s+)?(?:everyone|everybody)\s+(?:happy|okay|ok|fine|good|alright)\s+with\s+(?:that|this)|(?:are\s+)?(?:we|you)\s+all\s+(?:happy|okay|ok|fine|good|alright)\s+with\s+(?:that|this)|(?:does\s+)?that\s+work\s+for\s+(?:everyone|everybody|you\s+all)|any\s+objections|all\s+in\s+favou?r|(?:okay|ok|alright)\s+with\s+(?:everyone|everybody))\s*\?\s*$/i;
const CHOSEN = /^\s*(?:okay|ok|right|fine|alright|so|yes|yeah|yep|yup|then)\s*,\s*((?:the\s+)?[\p{L}-]+(?:\s+[\p{L}-]+){0,3}?)(?:\s+(?:first|then))?\s*[.!]\s*$/iu;
/** "Okay, sliding doors." after "…the bi-fold doors versus the sliding ones…": an option named before, picked without a verb. */
function namesOption(text: string, before: readonly string[]): boolean {
  const choice = CHOSEN.exec(text)?.[1];
  if (!choice || POSTPONED.test(text) || new RegExp(String.raw`\b${WHEN}\b|\b(?:meeting|time|week|month|year)\b`, 'i').test(choice)) return false;
  // A noun phrase: articles, adjectives, nouns and numbers, ending on a noun.
  const tokens = tag(choice);
  const modifier = (t: TaggedToken, k: number) => k < tokens.length - 1 && t.pos === 'VERB' && /ing$/.test(t.lower);
  if (!tokens.every((t, k) => ['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM'].includes(t.pos) || modifier(t, k)) || !['NOUN',
    'PROPN'].includes(tokens.at(-1)!.pos)) return false;
  const words = contentWords(choice);
  const said = new Set(before.flatMap((b) => contentWords(b)));
  return words.length >= 1 && words.every((w) => said.has(w));
}

/** A hedge: what follows it is not settled ("…would help", "maybe…"). */
const HEDGED = /\b(?:would|could|might|maybe|perhaps)\b/i;
/** "Can we do the wetsuit thing first?": what to talk about first orders the meeting; it settles nothing. */
const ORDERS_MEETING = /\b(?:do|start\s+with|begin\s+with|take|talk\s+about|cover|look\s+at)\b[^.?!]*\bfirst\s*[?.!]?\s*$/i;

/** "Here's what we'll do." / "Here's the plan.": the same speaker's next statement is what is put. */
const ANNOUNCES_PLAN = /^\s*(?:(?:right|okay|ok|so|good)\s*[,.]?\s*)*(?:here's|here\s+is|this\s+is)\s+(?:what\s+we(?:'ll|\s+will|'re\s+going\s+to)?\s+do|the\s+plan|my\s+suggestion)\s*[.:!]?\s*$/i;

/** The decisions found so far in one pass over a meeting, and the sentences they took. */
interface Scan {
  readonly sentences: readonly DecisionSentence[];
  readonly out: SourcedDecision[];
  readonly used: Set<number>;
  push(text: string, sources: number[]): void;
}

/**
 * One way a decision is said, tried at sentence `i`: undefined when it does not apply there (the next way is tried),
 * otherwise the last sentence it took (the pass goes on after it).
 */
type DecisionReading = (scan: Scan, i: number) => number | undefined;

/** The decisions of a meeting with the sentences they come from, in meeting order, without repeats. */
export function findSourcedDecisions(sentences: readonly DecisionSentence[]): SourcedDecision[] {
  const out: SourcedDecision[] = [];
  const used = new Set<number>();
  const push = (text: string, sources: number[]) => {
    const from = sources.map((i) => sentences[i]!);
    out.push({ text, start: Math.min(...from.map((s) => s.start)), end: Math.max(...from.map((s) => s.end)), sources });
    for (const i of sources) used.add(i);
  };
  const scan: Scan = { sentences, out, used, push };
  const readings: readonly DecisionReading[] = [concludedAlone, agreementAsked, chosenOption, statedDecision, acceptedAlone, announcedProposal,
    answeredProposal];
  for (let i = 0; i < sentences.length; i++) {
    if (used.has(i)) continue;
    for (const reading of readings) {
      const last = reading(scan, i);
      if (last !== undefined) { i = last; break; }
    }
  }
  return withoutTwins(out);
}

/** "Okay." then, from the same speaker, what the group does ("We'll send one reply to all the outage tickets."). */
const concludedAlone: DecisionReading = ({ sentences, used, push }, i) => {
  const s = sentences[i]!;
  const concluded = i > 0 && !used.has(i - 1) && sentences[i - 1]!.speaker === s.speaker && CONCLUSION_ALONE.test(sentences[i - 1]!.text)
    && !QUESTION.test(s.text) && !NEGATED.test(s.text) && !POSTPONED.test(s.text) && !isDecision(s.text) && concludes(`Fine, ${s.text}`);
  if (!concluded) return undefined;
  push(decisionText(s.text), [i - 1, i]);
  return i;
};

/** "Every two weeks, one section." — "Agreed?" — "Yes.": what the speaker put, accepted by another. */
const agreementAsked: DecisionReading = ({ sentences, push }, i) => {
  const s = sentences[i]!;
  const askFor = sentences[i + 1];
  const reply = sentences[i + 2];
  if (askFor && reply && askFor.speaker === s.speaker && reply.speaker !== s.speaker && AGREEMENT_ASKED.test(askFor.text) && wordCount(s.text) >= 3
    && !QUESTION.test(s.text) && !pastTense(s.text) && !NEGATED.test(s.text) && !POSTPONED.test(s.text) && !REFUSE.test(reply.text)
    && (ACCEPT_ALONE.test(reply.text) || WORKS_FOR_ME.test(reply.text) || ACCEPT.test(reply.text))) {
    push(decisionText(s.text), [i, i + 1, i + 2]);
    return i + 2;
  }
  return undefined;
};

/** "Okay, sliding doors.": a choice between options named just before, said without a verb. */
const chosenOption: DecisionReading = ({ sentences, push }, i) => {
  const s = sentences[i]!;
  if (!namesOption(s.text, sentences.slice(Math.max(0, i - 4), i).map((b) => b.text))) return undefined;
  // …said again as a statement by the same speaker ("The extension gets sliding doors."): that is the decision's wording.
  const next = sentences[i + 1];
  const chosen = contentWords(s.text);
  const restated = next && next.speaker === s.speaker && !QUESTION.test(next.text) && !NEGATED.test(next.text) && chosen.every((w) =>
    contentWords(next.text).includes(w));
  if (restated) { push(decisionText(next.text), [i, i + 1]); return i + 1; }
  push(decisionText(s.text), [i]);
  return i;
};

/** A sentence that records a decision (or a clause coordinated with the one just decided by the same speaker). */
const statedDecision: DecisionReading = (scan, i) => {
  const { sentences, used, push } = scan;
  const s = sentences[i]!;
  const previous = scan.out.at(-1);
  const follows = previous !== undefined && previous.sources.includes(i - 1) && sentences[i - 1]!.speaker === s.speaker;
  if (!(isDecision(s.text) || (follows && coordinated(s.text)))) return undefined;
  // A clause joined to a decided one by "and we…" commits the group too ("Then we keep the colours, and we launch…").
  const all = clausesOf(s.text);
  const clauses = all.filter((c, k) => clauseDecides(c) || (k > 0 && clauseDecides(all[k - 1]!) && coordinated(c)));
  const whole = clauses.length === 0 || (follows && coordinated(s.text)) ? [s.text] : clauses;
  // "That's the rule." tags the statement before it: that is the decision, if it is not one already.
  if (whole.length === 1 && RULE_TAG.test(whole[0]!)) {
    const before = sentences[i - 1];
    if (before && !used.has(i - 1) && !QUESTION.test(before.text) && wordCount(before.text) >= 4) push(decisionText(before.text), [i - 1, i]);
    return i;
  }
  if (whole.length === 1 && isBare(whole[0]!)) return bareDecision(scan, i);
  for (const clause of whole) push(decisionText(clause), [i]);
  return i;
};

/** "Agreed.", "Let's do that.": a bare decision takes its wording from the sentence it settles, before or after it. */
function bareDecision({ sentences, push }: Scan, i: number): number {
  const s = sentences[i]!;
  const next = sentences[i + 1];
  const previous = sentences[i - 1];
  const promise = next && /^\s*(?:I|I'll|I\s+will|I\s+can|I'm\s+going\s+to|let\s+me)\b/i.test(next.text);
  // "Done." after "Nadeem, could you shut the door?" says the thing asked is done, not that anything was agreed;
  // "Agreed." after "Let's park that until…" agrees to put it off.
  const asked = previous && /\b(?:can|could|would|will)\s+you\b/i.test(previous.text);
  if ([i - 1, i - 2].some((k) => k >= 0 && sentences[k]!.speaker !== s.speaker && POSTPONED.test(sentences[k]!.text))) return i;
  // "Then let's cap it. Twelve per session?": a short question after it names the choice.
  const named = next && next.speaker === s.speaker && /\blet(?:'s|\s+us)\b/i.test(s.text) && QUESTION.test(next.text) && wordCount(next.text) <= 5 &&
    contentWords(next.text).length >= 2
    && !/^\s*(?:who|what|where|when|why|how|which|is|are|was|were|do|does|did|can|could|shall|should|will|would|have|has)\b/i.test(next.text);
  const source = next && next.speaker === s.speaker && !isDecision(next.text) && (!QUESTION.test(next.text) || named) && !promise &&
    !HEDGED.test(next.text) ? i + 1
    : previous && previous.speaker !== s.speaker && !asked && !pastTense(previous.text) ? i - 1 : undefined;
  if (named && source === i + 1) {
    const choice = next.text.replace(/\?\s*$/, '.');
    const plain = tag(choice)[0]?.pos === 'PROPN' || /^I\b/.test(choice) ? choice : choice[0]!.toLowerCase() + choice.slice(1);
    push(decisionText(`${s.text.replace(/[.!]\s*$/, '')}, ${plain}`), [i, i + 1]);
    return i + 1;
  }
  // "Three tiers, then? Two lemon and one chocolate?" — "Yes, let's go with that.": a short question goes with the one before it.
  const before = source === undefined ? undefined : sentences[source - 1];
  const joined = source !== undefined && source === i - 1 && before && before.speaker === sentences[source]!.speaker
    && QUESTION.test(before.text) && QUESTION.test(sentences[source]!.text) && wordCount(before.text) <= 5
    ? `${before.text.replace(/\?\s*$/, '')}, ${sentences[source]!.text}` : undefined;
  if (source === undefined || wordCount(joined ?? sentences[source]!.text) < 4 || POSTPONED.test(sentences[source]!.text)) return i;
  const sourceText = joined ?? sentences[source]!.text;
  push(decisionText(source === i - 1 ? sourceText.replace(STRIP_PROPOSAL, '').replace(/\?\s*$/, '.') : sourceText), [i, source].sort((a, b) => a - b));
  return i;
}

/** An acceptance on its own, then what was settled (speaker labels are not trusted: diarization merges and splits turns). */
const acceptedAlone: DecisionReading = ({ sentences, used, push }, i) => {
  const s = sentences[i]!;
  if (!(ACCEPT_ALONE.test(s.text) || WORKS_FOR_ME.test(s.text))) return undefined;
  const next = sentences[i + 1];
  if (next && !used.has(i + 1) && settledAfterAcceptance(next.text, sentences.slice(Math.max(0, i - 3), i).map((b) => b.text))) {
    push(decisionText(next.text), [i, i + 1]);
    return i + 1;
  }
  // Or it accepts a plain statement of a change just made by someone else ("The rehearsal moves to Tuesday." — "Tuesday works for me.").
  const stated = acknowledged(sentences, i, used);
  if (stated !== undefined) push(decisionText(sentences[stated]!.text), [stated, i]);
  return i;
};

/**
 * "How about this." and then, from the same speaker, what is put ("Anything that can be fixed in an hour gets fixed.") and
 * maybe a "Yeah?": the statement is the proposal; the others' acceptance settles it.
 * "Is everyone happy with that as the rule?" and then "One tea per family a season?": the question says what is put.
 */
const announcedProposal: DecisionReading = ({ sentences, push }, i) => {
  const s = sentences[i]!;
  const announced = (PROPOSAL.test(s.text) && /^(?:this|that|the\s+following)(?:\s+as\s+(?:the|a|our)\s+[\p{L}-]+)?\s*[.?!:]?\s*$/iu.test(s.text.replace(
    STRIP_PROPOSAL, '').trim()))
    || ANNOUNCES_PLAN.test(s.text);
  if (!announced) return undefined;
  const put = sentences[i + 1];
  if (!put || put.speaker !== s.speaker || wordCount(put.text) < 4) return i;
  const tagged = sentences[i + 2]?.speaker === s.speaker && QUESTION.test(sentences[i + 2]!.text) && wordCount(sentences[i + 2]!.text) <= 3 ? i + 2 : i + 1;
  const answer = sentences[tagged + 1];
  if (answer && answer.speaker !== s.speaker && (ACCEPT_ALONE.test(answer.text) || WORKS_FOR_ME.test(answer.text))) {
    push(decisionText(put.text.replace(/\?\s*$/, '.')), [i, i + 1, tagged + 1]);
    return tagged + 1;
  }
  return i;
};

/**
 * A proposal answered by an acceptance (the next sentence, whoever it is labelled to; a hedged answer only from
 * another speaker) or by another speaker's restatement.
 */
const answeredProposal: DecisionReading = ({ sentences, used, push }, i) => {
  const s = sentences[i]!;
  if (!(PROPOSAL.test(s.text) && !POSTPONED.test(s.text) && !ORDERS_MEETING.test(s.text))) return undefined;
  const bare = sentences[i + 1] && ACCEPT_ALONE.test(sentences[i + 1]!.text) ? i + 1 : -1;
  const j = bare >= 0 ? bare : sentences.findIndex((t, k) => k > i && k <= i + 2 && t.speaker !== s.speaker);
  const answer = sentences[j];
  // An answer that records a decision of its own is taken as such below, not as an acceptance.
  if (!answer || REFUSE.test(answer.text) || /\?\s*$/.test(answer.text) || isDecision(answer.text)) return i;
  // "Good idea." and then what was settled: the settled statement is the decision, in its own words.
  const after = sentences[j + 1];
  if (ACCEPT_ALONE.test(answer.text) && after && !used.has(j + 1)) {
    if (isDecision(after.text)) return j;
    if (settledAfterAcceptance(after.text, [s.text, ...sentences.slice(i + 1, j).map((b) => b.text)])) {
      push(decisionText(after.text), [i, j, j + 1]);
      return j + 1;
    }
  }
  const put = s.text.replace(STRIP_PROPOSAL, '').replace(/,?\s*if\s+(?:no\s*one|nobody|everyone|everybody|you're|that's|it's)\b[^.?!]*/i,
    '').replace(/\?\s*$/, '.');
  if (restates(answer.text, s.text) && !isBare(answer.text)) { push(decisionText(answer.text), [i, j]); return j; }
  // "I think we cap it. Forty five minutes, and the extra bits go into a bonus episode." — "Yeah, forty five works for
  // me.": a short proposal is spelled out by what its speaker says next, before the answer.
  const spelled = j === i + 2 && sentences[i + 1]!.speaker === s.speaker && !QUESTION.test(sentences[i + 1]!.text) && wordCount(put) <= 3 &&
    wordCount(sentences[i + 1]!.text) >= 3
    ? `${put.replace(/[.!]\s*$/, '')}, ${sentences[i + 1]!.text[0]!.toLowerCase()}${sentences[i + 1]!.text.slice(1)}` : undefined;
  if (ACCEPT.test(answer.text) && wordCount(put) >= 2) { push(decisionText(spelled ?? put), spelled ? [i, i + 1, j] : [i, j]); return j; }
  return i;
};

/** One decision said twice in a row (accepted, then restated) is listed once, in its fuller wording. */
function withoutTwins(out: readonly SourcedDecision[]): SourcedDecision[] {
  const kept: SourcedDecision[] = [];
  for (const d of out) {
    const twin = kept.findIndex((e) => e.text.toLowerCase() === d.text.toLowerCase() || (Math.min(...d.sources) - Math.max(...e.sources) <= 2 &&
      sameDecision(e.text, d.text)));
    if (twin < 0) { kept.push(d); continue; }
    const e = kept[twin]!;
    const fuller = contentWords(d.text).length > contentWords(e.text).length ? d.text : e.text;
    kept[twin] = { text: fuller, start: Math.min(e.start, d.start), end: Math.max(e.end, d.end), sources: [...new Set([...e.sources, ...d.sources])].sort((a,
      b) => a - b) };
  }
  return kept;
}

/** Two wordings of one decision: the same text, or most content words of the shorter one in the other. */
function sameDecision(a: string, b: string): boolean {
  if (a.toLowerCase() === b.toLowerCase()) return true;
  const x = new Set(contentWords(a));
  const y = new Set(contentWords(b));
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared >= 2 && shared / Math.min(x.size, y.size) >= 0.6;
}

/** The decisions of a meeting, in meeting order, without repeats. `sentences` are cleaned of fillers. */
export function findDecisions(sentences: readonly DecisionSentence[]): Decision[] {
  return findSourcedDecisions(sentences).map(({ text, start, end }) => ({ text, start, end }));
}
