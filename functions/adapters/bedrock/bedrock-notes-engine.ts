import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { LlmProvider } from '../../core/llm/model.js';
import type { DraftActionItem, DraftPoint, NotesDraft, NotesEngine } from '../../core/notes/model.js';
import { createBedrockLlm } from '../llm/bedrock.js';
import { NOTES_JSON_SCHEMA, NOTES_SYSTEM_PROMPT, transcriptForPrompt } from './notes-prompt.js';

export interface BedrockNotesOptions {
  readonly modelId: string;
  /** @default 4096 */
  readonly maxTokens?: number;
}

interface ModelPoint { text?: unknown; start?: unknown; end?: unknown; owner?: unknown; due?: unknown }

/**
 * NotesEngine over the Bedrock Converse API (the language-model port's Bedrock adapter): see createLlmNotesEngine.
 */
export function createBedrockNotesEngine(client: BedrockRuntimeClient, options: BedrockNotesOptions): NotesEngine {
  return createLlmNotesEngine(createBedrockLlm(client, { modelId: options.modelId }), { name: 'bedrock', maxTokens: options.maxTokens });
}

/**
 * NotesEngine over any language model (Bedrock, an OpenAI-compatible server): the transcript as numbered, timed
 * lines, the answer constrained by a JSON schema where the provider supports it. Times come back as seconds.
 * @throws Error when the model's answer is not JSON of the schema's shape; LlmUnavailable when the model does not answer.
 */
export function createLlmNotesEngine(llm: LlmProvider, options: { name?: string; maxTokens?: number } = {}): NotesEngine {
  return {
    name: options.name ?? llm.name,
    async draft({ sentences, speakerNames }): Promise<NotesDraft> {
      const reply = await llm.complete({
        system: NOTES_SYSTEM_PROMPT,
        messages: [{ role: 'user', content: transcriptForPrompt(sentences, speakerNames) }],
        jsonSchema: { name: 'meeting_notes', schema: NOTES_JSON_SCHEMA as unknown as Record<string, unknown> },
        maxTokens: options.maxTokens ?? 4096, temperature: 0,
      });
      if (reply.truncated) throw new Error('The model ran out of tokens before finishing the notes.');
      return parseModelNotes(reply.text);
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
