/**
 * Action items by commitment and request patterns (the on-box notes engine). Each pattern has a name so
 * the tests and docs can speak of it; a sentence is an action item when at least one pattern matches
 * and none of the exclusions (idioms that look like commitments: "I'll be honest", "let's see") does.
 */
export interface ActionPattern { readonly name: string; readonly test: (sentence: string) => boolean }

const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';
const DEADLINE = new RegExp(
  `\\b(?:by|before|until|till|due|no later than)\\s+(?:the\\s+)?(?:(?:next|this)\\s+)?` +
  `(?:${WEEKDAYS}|tomorrow|tonight|today|noon|midnight|(?:the\\s+)?end of (?:the\\s+)?(?:day|week|month|quarter|sprint)|eod|eow|` +
  `next (?:week|month)|(?:${MONTHS})(?:\\s+\\d{1,2})?|\\d{1,2}(?::\\d{2})?\\s*(?:am|pm)|\\d{1,2}(?:st|nd|rd|th))\\b` +
  `|\\b(?:deadline|asap|as soon as possible)\\b`, 'i');

/** Capitalised words that start clauses without naming a person. */
const NOT_NAMES = new Set(['I', 'We', 'You', 'They', 'He', 'She', 'It', 'This', 'That', 'There', 'Then', 'So', 'And', 'But', 'Or',
  'The', 'A', 'An', 'If', 'When', 'What', 'Who', 'Why', 'How', 'Where', 'Which', 'Everyone', 'Someone', 'Somebody', 'Nobody',
  'Anyone', 'Yes', 'No', 'Okay', 'Well', 'Now', 'Also', 'Maybe', 'Please', 'Let', 'Let\'s', 'Our', 'My', 'Your', 'Their',
  ...`${WEEKDAYS}|${MONTHS}|today|tomorrow|everything|nothing|one`.split('|').map((w) => w[0]!.toUpperCase() + w.slice(1))]);

export const ACTION_PATTERNS: readonly ActionPattern[] = [
  { name: 'commitment', test: (s) => /\b(?:I'll|I will|I'm going to|I am going to|we'll|we will|I can take|I'll take)\s+(?!be\b|say\b|tell you\b|admit\b|never\b|not\b|think\b|probably be\b)\w+/i.test(s) },
  { name: 'need', test: (s) => /\b(?:we|you|I|they|someone|somebody|everyone)\s+(?:really\s+)?(?:need|needs|have|has|must|should)\s+to\s+(?!say\b|be honest\b)\w+|\b(?:we|you)\s+(?:must|should)\s+(?!be\b|have been\b)\w+/i.test(s) },
  { name: 'request', test: (s) => (/\b(?:can|could|would|will)\s+you\s+(?:please\s+)?(?!believe\b|imagine\b|tell\b.*\bwhy\b|hear me\b|see my\b)\w+/i.test(s) && /\?\s*$|\bplease\b|^\s*\w+,\s*(?:can|could|would|will) you\b/i.test(s)) || /^\s*please\s+\w+/i.test(s) },
  { name: 'lets', test: (s) => /\b(?:let's|let us)\s+(?!see\b|say\b|be honest\b|face it\b|just say\b|not\b|hope\b)\w+/i.test(s) },
  { name: 'deadline', test: (s) => DEADLINE.test(s) },
  { name: 'named-owner', test: (s) => namedOwner(s) },
];

/** "Sarah will send…", "Tom, can you…", "ask Priya to…": a name before an owning verb. */
function namedOwner(sentence: string): boolean {
  const pattern = /(?:^|[\s,])([A-Z][a-z]+)(?:,\s*(?:can|could|would|will)\s+you\b|\s+(?:will|should|needs to|is going to|'ll|has to|can take)\s+\w+)|\b(?:[Aa]sk|[Tt]ell|[Rr]emind|[Hh]ave)\s+([A-Z][a-z]+)\s+to\s+\w+/g;
  for (const match of sentence.matchAll(pattern)) {
    const name = match[1] ?? match[2]!;
    if (!NOT_NAMES.has(name)) return true;
  }
  return false;
}

/** Names of the patterns a sentence matches, in ACTION_PATTERNS order (empty: not an action item). */
export function actionPatternsOf(sentence: string): string[] {
  return ACTION_PATTERNS.filter((p) => p.test(sentence)).map((p) => p.name);
}

export const isActionItem = (sentence: string): boolean => actionPatternsOf(sentence).length > 0;
