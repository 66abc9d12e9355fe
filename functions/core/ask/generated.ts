import { LlmUnavailable, type LlmProvider } from '../llm/model.js';

/**
 * Ask's generated answers (issue 29, `mode: "generated"`): a language model writes a short answer only from
 * the numbered passages it is given, each claim citing `[n]`. An answer is kept only when it cites, and cites
 * only passages it was given, in every sentence; otherwise (or when the model does not answer) the caller
 * answers extractively.
 */

export const ANSWER_SYSTEM_PROMPT =
  'You answer a question about the user\'s meetings using ONLY the numbered meeting passages given. ' +
  'Write a short answer: at most three sentences. End every sentence with the number of the passage it comes from in ' +
  'square brackets, e.g. "The launch moved to May [2]." Cite only passages you were given. Do not add anything the passages ' +
  'do not say. If the passages do not answer the question, answer exactly "NONE". Answer with JSON: {"answer": "..."}.';

export const ANSWER_JSON_SCHEMA = {
  type: 'object', additionalProperties: false, required: ['answer'],
  properties: { answer: { type: 'string', description: 'At most three sentences, each ending with its passage number in brackets, e.g. [1].' } },
} as const;

/** The user message: the passages numbered from 1, then the question. */
export function answerPrompt(question: string, passages: readonly string[]): string {
  const numbered = passages.map((text, i) => `[${i + 1}]\n${text}`).join('\n\n');
  return `Passages:\n\n${numbered}\n\nQuestion: ${question}`;
}

/** The `[n]` (also `[1, 3]`, `[1][2]`) numbers an answer cites, in order of first appearance. */
export function citedNumbers(answer: string): number[] {
  const seen: number[] = [];
  for (const m of answer.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g)) {
    for (const n of m[1]!.split(',').map((x) => Number(x.trim()))) if (!seen.includes(n)) seen.push(n);
  }
  return seen;
}

/** Sentences of an answer: split after . ! ? followed by a space and a capital letter or quote (a citation stays with its sentence). */
const sentencesOf = (answer: string): string[] => answer.split(/(?<=[.!?])\s+(?=["'“A-Z])/).map((s) => s.trim()).filter(Boolean);

/**
 * The model's answer text, or why it is refused: not JSON with an `answer`, "NONE", no citation, a number
 * outside 1..passageCount, or a sentence without a citation.
 */
export function checkGeneratedAnswer(raw: string, passageCount: number): { answer: string } | { refused: string } {
  let answer: unknown;
  try {
    answer = (JSON.parse(raw.trim().replace(/^```(?:json)?\s*|\s*```$/g, '')) as { answer?: unknown }).answer;
  } catch {
    answer = raw;
  }
  if (typeof answer !== 'string' || !answer.trim()) return { refused: 'no answer text' };
  const text = answer.trim();
  if (/^none\.?$/i.test(text)) return { refused: 'the model found no answer in the passages' };
  const cited = citedNumbers(text);
  if (cited.length === 0) return { refused: 'the answer cites no passage' };
  const unknown = cited.filter((n) => !Number.isInteger(n) || n < 1 || n > passageCount);
  if (unknown.length > 0) return { refused: `the answer cites passage ${unknown.join(', ')}, not given` };
  if (sentencesOf(text).some((s) => citedNumbers(s).length === 0)) return { refused: 'a sentence of the answer cites no passage' };
  return { answer: text };
}

export type GeneratedAnswer = { answer: string } | { refused: string };

/**
 * Asks the model to answer from `passages` (numbered from 1 in this order). Returns the checked answer, or why there
 * is none (refused, the model unavailable or failing): Ask never fails because of the model.
 */
export async function generateAnswer(llm: LlmProvider, question: string, passages: readonly string[]): Promise<GeneratedAnswer> {
  try {
    const reply = await llm.complete({
      system: ANSWER_SYSTEM_PROMPT,
      messages: [{ role: 'user', content: answerPrompt(question, passages) }],
      jsonSchema: { name: 'ask_answer', schema: ANSWER_JSON_SCHEMA as unknown as Record<string, unknown> },
      maxTokens: 400, temperature: 0,
    });
    if (reply.truncated) return { refused: 'the model ran out of tokens' };
    return checkGeneratedAnswer(reply.text, passages.length);
  } catch (error) {
    return { refused: error instanceof LlmUnavailable ? error.message : `the model failed: ${(error as Error).message}` };
  }
}
