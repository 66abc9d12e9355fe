import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { ConfigError, readOptionalConfig } from '../../config.js';
import { LlmUnavailable } from '../../core/llm/model.js';
import type { NotesEngine } from '../../core/notes/model.js';
import { createBedrockNotesEngine, createLlmNotesEngine } from '../bedrock/bedrock-notes-engine.js';
import { llmFromConfig } from '../llm/index.js';

/**
 * The notes engine chosen by configuration: NOTES_ENGINE=bedrock (with BEDROCK_MODEL_ID) uses Amazon
 * Bedrock; 'llm' the configured language model (LLM_PROVIDER, adapters/llm; notes stay extractive while it does
 * not answer); 'model' the notes model trained in the repository (adapters/notes-model); unset or 'extractive'
 * the on-box rule engine. Throws ConfigError for anything else.
 */
export function notesEngineFromConfig(env: NodeJS.ProcessEnv = process.env): NotesEngine {
  const { NOTES_ENGINE, BEDROCK_MODEL_ID } = readOptionalConfig(['NOTES_ENGINE', 'BEDROCK_MODEL_ID'], env);
  if (!NOTES_ENGINE || NOTES_ENGINE === 'extractive') return lazyExtractiveEngine();
  if (NOTES_ENGINE === 'model') return lazyModelEngine();
  if (NOTES_ENGINE === 'llm') {
    const llm = llmFromConfig(env);
    if (!llm) throw new ConfigError('Missing configuration: LLM_PROVIDER must be set when NOTES_ENGINE is llm.');
    return extractiveWhenUnavailable(createLlmNotesEngine(llm));
  }
  if (NOTES_ENGINE !== 'bedrock') throw new ConfigError(`NOTES_ENGINE must be 'extractive', 'model', 'bedrock' or 'llm', not '${NOTES_ENGINE}'.`);
  if (!BEDROCK_MODEL_ID) throw new ConfigError('Missing configuration: BEDROCK_MODEL_ID must be set when NOTES_ENGINE is bedrock.');
  return createBedrockNotesEngine(new BedrockRuntimeClient({}), { modelId: BEDROCK_MODEL_ID });
}

/**
 * The on-box engine, loaded on first use: its language model (wink-nlp, ~4 MB) and word list then load only
 * in a container that drafts notes, not on every cold start of the meetings API that composes it.
 */
export function lazyExtractiveEngine(): NotesEngine {
  let engine: Promise<NotesEngine> | undefined;
  return {
    name: 'extractive',
    async draft(input) {
      engine ??= import('../../core/notes/extractive-engine.js').then((m) => m.createExtractiveNotesEngine());
      return (await engine).draft(input);
    },
  };
}

/**
 * The trained notes model, loaded on first use: its weights (notes-model.json) and the USE Lite embedder load
 * once per container, and only in one that drafts notes.
 */
export function lazyModelEngine(): NotesEngine {
  let engine: Promise<NotesEngine> | undefined;
  return {
    name: 'model',
    async draft(input) {
      engine ??= Promise.all([import('../notes-model/engine.js'), import('../embeddings/use-lite.js')])
        .then(([m, e]) => m.createModelNotesEngine({ embedder: e.useLiteEmbedder(), model: m.loadNotesModel }));
      return (await engine).draft(input);
    },
  };
}

/** The engine, or the on-box extractive engine for a draft the language model could not answer (down, timed out). */
export function extractiveWhenUnavailable(engine: NotesEngine, fallback: NotesEngine = lazyExtractiveEngine()): NotesEngine {
  return {
    name: engine.name,
    async draft(input) {
      try {
        return await engine.draft(input);
      } catch (error) {
        if (!(error instanceof LlmUnavailable)) throw error;
        return fallback.draft(input);
      }
    },
  };
}
