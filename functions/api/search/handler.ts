import { bearerAuthenticator } from '../../adapters/auth/jwt-authenticator.js';
import { useLiteEmbedder } from '../../adapters/embeddings/use-lite.js';
import { llmFromConfig } from '../../adapters/llm/index.js';
import { logger } from '../../adapters/logging/logger.js';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { createTranscripts } from '../../adapters/dynamodb/transcripts-repository.js';
import { createInsightsStore } from '../../adapters/insights/insights-store.js';
import { createPassageIndex } from '../../adapters/passage-index/index.js';
import { createFrameLinks } from '../../adapters/search-index/frame-links.js';
import { createSearchIndex } from '../../adapters/search-index/index.js';
import { createMediaBucket } from '../../adapters/storage/media-bucket.js';
import { s3Client } from '../../adapters/storage/s3-client.js';
import { readConfig, readSearchIndexConfig } from '../../config.js';
import { createApiHandler } from '../http/router.js';
import { searchRoutes } from './routes.js';

const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
const transcripts = createTranscripts(documentClient, config.TABLE_NAME);
const insights = createInsightsStore(documentClient, config.TABLE_NAME, createMediaBucket(config.MEDIA_BUCKET, s3Client));

const indexConfig = readSearchIndexConfig();

/** /api/search/...: search across the caller's meetings (spec §7 "Search") and Ask (docs/search.md). */
export const handler = createApiHandler(searchRoutes({
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
}), { authenticator: bearerAuthenticator() });
