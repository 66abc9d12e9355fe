/**
 * "Jonah: email them to the council" says nothing to a reader who was not there. A task whose object is "them" or
 * "those" gets the nearest plural noun phrase said just before it ("Jonah, you've got the insurance papers, haven't
 * you?" → "email the insurance papers to the council").
 */
import { nounPhrases } from './keyphrases.js';
import { escapeRegExp } from './text.js';

/** Verbs whose "them" is mostly people ("remind them", "give them a ring"): left as said, unless things are sent on ("email them to…"). */
const PERSON_VERBS = new Set(('remind tell ask call ring phone text thank invite contact warn let give show pay help meet see update email e-mail ' +
  'message inform chase introduce brief reassure train teach ping').split(' '));
const PASSED_ON = /^(?:to|over|across|round|around|back)\b/i;
/** Person verbs after which "them to/over…" is things sent on ("email them to the council"); not "ask them to hold…". */
const SENDING_VERBS = new Set('email e-mail text message give show pay'.split(' '));
/** Heads of time phrases, which no task is done to ("the twenty-four hours"). */
const TIME_HEAD = /^(?:hours?|days?|weeks?|months?|years?|minutes?|seconds?|times?|nights?|mornings?|evenings?|weekends?|afternoons?)$/i;
/** "send them the figures": "them" is who gets something, not what is sent. */
const SECOND_OBJECT = /^(?:the|a|an|my|our|your|their|his|her|some|any|all|\d|(?:this|that|these|those)(?!\s+(?:week|weekend|morning|afternoon|evening|month|year|time)\b))\b/i;
const OBJECT = /^([\p{L}-]+)\s+(them|those)\b\s*/iu;
/** How many sentences back an antecedent may be. */
const REACH = 3;

/**
 * `task` ("email them to the council this afternoon") with its object pronoun replaced by the nearest plural noun
 * phrase of `before` (the sentences said before it, oldest first); unchanged when there is none or "them" are people.
 */
export function resolveObjectPronoun(task: string, before: readonly string[]): string {
  const match = OBJECT.exec(task);
  if (!match) return task;
  const [said, verb] = [match[0], match[1]!.toLowerCase()];
  const rest = task.slice(said.length);
  if (SECOND_OBJECT.test(rest)) return task;
  if (PERSON_VERBS.has(verb) && !(SENDING_VERBS.has(verb) && PASSED_ON.test(rest))) return task;
  for (const sentence of before.slice(-REACH).reverse()) {
    const phrase = nounPhrases(sentence).filter((p) => p.plural && !TIME_HEAD.test(p.text.split(' ').at(-1)!)).at(-1);
    if (phrase) return `${match[1]} the ${phrase.text}${rest ? ` ${rest}` : ''}`;
  }
  return task;
}

/** Verbs a person does in a report ("the engineer thinks…", "the head wants…"). */
const PERSON_DOES = String.raw`(?:thinks|thought|says|said|wants|wanted|quoted|reckons|asked|called|rang|emailed|offered|promised|mentioned|told|knows|agreed|replied|wrote|phoned|loves|loved|likes|liked|hates|hated|prefers|preferred)`;
/** How many sentences back the person may have been spoken of ("The engineer thinks…" … "I'll book him in."). */
const PERSON_REACH = 10;
const PERSON_OBJECT = /^([\p{L}-]+)\s+(him|her)\b\s*/iu;

/**
 * `task` ("book him in for Monday") with "him"/"her" after its verb replaced by the person the sentences before spoke
 * of: a noun phrase that does something there ("The engineer thinks it's the thermostat.") or is asked about ("What
 * about Jess's sister?"). Unchanged when there is none.
 */
export function resolvePersonPronoun(task: string, before: readonly string[]): string {
  const match = PERSON_OBJECT.exec(task);
  if (!match) return task;
  const rest = task.slice(match[0].length);
  for (const sentence of before.slice(-PERSON_REACH).reverse()) {
    const people = nounPhrases(sentence).filter((p) => !p.plural && !TIME_HEAD.test(p.text.split(' ').at(-1)!)).reverse();
    for (const p of people) {
      const said = new RegExp(String.raw`\b((?:the|our|their|your|my|[\p{Lu}][\p{L}]+'s)\s+)?${escapeRegExp(
        p.text)}\s+${PERSON_DOES}\b|\bwhat\s+about\s+((?:[\p{Lu}][\p{L}]+'s\s+)?${escapeRegExp(p.text)})\b`, 'iu').exec(sentence);
      if (!said) continue;
      // "What about dessert?" asks about a thing: only a name or someone's relation ("What about Jess's sister?") is a person.
      if (said[2] !== undefined && !/'s\s|^\p{Lu}/u.test(said[2])) continue;
      const who = (said[2] ?? `${(said[1] ?? 'the ').replace(/^(?:my|your|our|their)\s+$/i, 'the ')}${p.text}`).replace(/^(?:The|Our|Their|Your|My)\b/, (d) =>
        d.toLowerCase());
      return `${match[1]} ${who.trim()}${rest ? ` ${rest}` : ''}`;
    }
  }
  return task;
}
