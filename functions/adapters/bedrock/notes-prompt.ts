import type { Sentence } from '../../core/insights/transcript.js';

const POINT = {
  type: 'object', additionalProperties: false, required: ['text', 'start', 'end'],
  properties: {
    text: { type: 'string' },
    start: { type: 'number', description: 'Start time in seconds of the first line this point comes from.' },
    end: { type: 'number', description: 'End time in seconds of the last line this point comes from.' },
  },
} as const;

const ACTION_ITEM = {
  ...POINT,
  properties: {
    ...POINT.properties,
    text: { type: 'string', description: 'Written as "Owner: task", e.g. "Alice: send the deck to finance by Friday".' },
    owner: { type: 'string', description: 'The speaker name or person who will do it; empty when nobody was named.' },
    due: { type: 'string', description: 'When it is due, as said (e.g. "Friday"); empty when nobody said.' },
  },
} as const;

/** JSON schema of the notes the model must return (Converse structured output; no $ref, for the widest model support). */
export const NOTES_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['overview', 'summary', 'action_items'],
  properties: {
    overview: { type: 'string', description: 'One or two sentences saying what the meeting was about.' },
    summary: {
      type: 'array', description: 'Key points in meeting order.',
      items: POINT,
    },
    action_items: {
      type: 'array', description: 'Commitments, requests and tasks with owners and deadlines where said.',
      items: ACTION_ITEM,
    },
    decisions: {
      type: 'array', description: 'Agreements reached ("we agreed", "let\'s go with"), in meeting order.',
      items: POINT,
    },
  },
} as const;

export const NOTES_SYSTEM_PROMPT =
  'You write meeting notes from a transcript. Each transcript line is "[start-end] speaker: text" with times in seconds. ' +
  'Answer only with JSON of the given schema: an overview of one or two sentences, a summary of the key points in meeting order, ' +
  'the decisions reached, and the action items (commitments, requests, tasks, with owner and deadline when said; speakers by the names ' +
  'the transcript gives them). Every point carries the start and end ' +
  'seconds of the transcript lines it comes from. Do not invent anything that was not said.';

/** The transcript as the model reads it: one timed line per sentence, speakers by their labelled names when given. */
export const transcriptForPrompt = (sentences: readonly Sentence[], names: Readonly<Record<string, string>> = {}): string =>
  sentences.map((s) => `[${s.start.toFixed(2)}-${s.end.toFixed(2)}] ${names[s.speaker] ?? s.speaker}: ${s.text}`).join('\n');
