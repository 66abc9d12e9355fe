import { ConverseCommand, type BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { DraftActionItem, DraftPoint, NotesDraft, NotesEngine } from '../../core/notes/model.js';
import { NOTES_JSON_SCHEMA, NOTES_SYSTEM_PROMPT, transcriptForPrompt } from './notes-prompt.js';

export interface BedrockNotesOptions {
  readonly modelId: string;
  /** @default 4096 */
  readonly maxTokens?: number;
}

interface ModelPoint { text?: unknown; start?: unknown; end?: unknown; owner?: unknown; due?: unknown }

/**
 * NotesEngine over the Bedrock Converse API: the transcript as numbered, timed lines, the answer
 * constrained by a JSON schema (structured output). Times come back as seconds.
 * @throws Error when the model's answer is not JSON of the schema's shape (and SDK errors as they are).
 */
export function createBedrockNotesEngine(client: BedrockRuntimeClient, options: BedrockNotesOptions): NotesEngine {
  return {
    name: 'bedrock',
    async draft({ sentences, speakerNames }): Promise<NotesDraft> {
      const out = await client.send(new ConverseCommand({
        modelId: options.modelId,
        system: [{ text: NOTES_SYSTEM_PROMPT }],
        messages: [{ role: 'user', content: [{ text: transcriptForPrompt(sentences, speakerNames) }] }],
        inferenceConfig: { maxTokens: options.maxTokens ?? 4096, temperature: 0 },
        outputConfig: {
          textFormat: { type: 'json_schema', structure: { jsonSchema: { name: 'meeting_notes', schema: JSON.stringify(NOTES_JSON_SCHEMA) } } },
        },
      }));
      const text = (out.output?.message?.content ?? []).map((block) => block.text ?? '').join('');
      if (out.stopReason === 'max_tokens') throw new Error('The model ran out of tokens before finishing the notes.');
      return parseModelNotes(text);
    },
  };
}

/** Parses and checks the model's JSON answer. @throws Error naming what is wrong. */
export function parseModelNotes(text: string): NotesDraft {
  let data: { overview?: unknown; summary?: unknown; action_items?: unknown; decisions?: unknown };
  try {
    data = JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    throw new Error('The model did not answer with JSON.');
  }
  if (typeof data.overview !== 'string' || !Array.isArray(data.summary) || !Array.isArray(data.action_items)) {
    throw new Error('The model answer lacks overview, summary or action_items.');
  }
  const point = (p: ModelPoint, field: string): DraftPoint => {
    if (typeof p?.text !== 'string' || typeof p.start !== 'number' || typeof p.end !== 'number') {
      throw new Error(`The model answer has a malformed ${field} entry.`);
    }
    return { text: p.text, start: p.start, end: p.end };
  };
  const optional = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const actionItem = (p: ModelPoint): DraftActionItem => ({ ...point(p, 'action_items'), owner: optional(p.owner), due: optional(p.due) });
  return {
    overview: data.overview,
    summary: data.summary.map((p) => point(p as ModelPoint, 'summary')),
    actionItems: data.action_items.map((p) => actionItem(p as ModelPoint)),
    decisions: Array.isArray(data.decisions) ? data.decisions.map((p) => point(p as ModelPoint, 'decisions')) : [],
  };
}
