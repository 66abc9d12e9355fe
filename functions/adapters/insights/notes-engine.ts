import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { ConfigError, readOptionalConfig } from '../../config.js';
import type { NotesEngine } from '../../core/notes/model.js';
import { createBedrockNotesEngine } from '../bedrock/bedrock-notes-engine.js';

/**
 * The notes engine chosen by configuration: NOTES_ENGINE=bedrock (with BEDROCK_MODEL_ID) uses Amazon
 * Bedrock; 'model' the notes model trained in the repository (adapters/notes-model); unset or 'extractive'
 * the on-box rule engine. Throws ConfigError for anything else.
 */
export function notesEngineFromConfig(env: NodeJS.ProcessEnv = process.env): NotesEngine {
  const { NOTES_ENGINE, BEDROCK_MODEL_ID } = readOptionalConfig(['NOTES_ENGINE', 'BEDROCK_MODEL_ID'], env);
  if (!NOTES_ENGINE || NOTES_ENGINE === 'extractive') return lazyExtractiveEngine();
  if (NOTES_ENGINE === 'model') return lazyModelEngine();
  if (NOTES_ENGINE !== 'bedrock') throw new ConfigError(`NOTES_ENGINE must be 'extractive', 'model' or 'bedrock', not '${NOTES_ENGINE}'.`);
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
