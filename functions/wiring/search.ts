/**
 * The Search function's context (/api/search/..., spec §7 "Search", and Ask, docs/search.md): the meetings of the main
 * table, the spoken-words and passage indices, the embedder, the language model and the frames' links, built once per
 * container when the handler module loads. Throws ConfigError.
 */
import { bearerAuthenticator } from '../adapters/auth/jwt-authenticator.js';
import { useLiteEmbedder } from '../adapters/embeddings/use-lite.js';
import { llmFromConfig } from '../adapters/llm/index.js';
import { logger } from '../adapters/logging/logger.js';
import { documentClient } from '../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../adapters/dynamodb/meetings-repository.js';
import { createTranscripts } from '../adapters/dynamodb/transcripts-repository.js';
import { createInsightsStore } from '../adapters/insights/insights-store.js';
import { createPassageIndex } from '../adapters/passage-index/index.js';
import { createFrameLinks } from '../adapters/search-index/frame-links.js';
import { createSearchIndex } from '../adapters/search-index/index.js';
import { createMediaBucket } from '../adapters/storage/media-bucket.js';
import { s3Client } from '../adapters/storage/s3-client.js';
import { readConfig, readSearchIndexConfig } from '../config.js';
import type { AskPorts } from '../core/ask/ask.js';
import type { RetrievalPorts } from '../core/ask/retrieval.js';
import type { SearchPorts } from '../core/search/search-calls.js';

const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
const transcripts = createTranscripts(documentClient, config.TABLE_NAME);
const insights = createInsightsStore(documentClient, config.TABLE_NAME, createMediaBucket(config.MEDIA_BUCKET, s3Client));
const indexConfig = readSearchIndexConfig();

/** What the search and Ask routes run on. */
export const searchContext: SearchPorts & RetrievalPorts & Pick<AskPorts, 'llm' | 'onExtractiveFallback' | 'chapters'> = {
  meetings: createMeetingsRepository(documentClient, config.TABLE_NAME),
  index: createSearchIndex(indexConfig),
  passages: createPassageIndex(indexConfig),
  embedder: useLiteEmbedder(),
  llm: llmFromConfig(),
  onExtractiveFallback: (reason) => logger.warn('Ask answered extractively: the language model answer was not used', { reason }),
  images: createFrameLinks(s3Client, config.MEDIA_BUCKET),
  speakerNames: async (meetingId) => (await transcripts.findTranscript(meetingId))?.speakerNames ?? {},
  // An Ask citation names its chapter: the chapters of the meeting's ready notes, read per request.
  chapters: { findChapters: async (meetingId) => (await insights.loadNotes(meetingId))?.chapters },
};

/** The bearer token check of every search call. */
export const searchAuthenticator = bearerAuthenticator();
