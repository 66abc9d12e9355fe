import { S3Client } from '@aws-sdk/client-s3';
import { bearerAuthenticator } from '../../adapters/auth/jwt-authenticator.js';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { createFrameLinks } from '../../adapters/search-index/frame-links.js';
import { createSearchIndex } from '../../adapters/search-index/index.js';
import { readConfig, readSearchIndexConfig } from '../../config.js';
import { createApiHandler } from '../http/router.js';
import { searchRoutes } from './routes.js';

const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
// eslint-disable-next-line boundaries/no-aws-client -- issue 18a moves this
const s3 = new S3Client({});

/** /api/search/...: search across the caller's meetings (spec §7 "Search"). */
export const handler = createApiHandler(searchRoutes({
  meetings: createMeetingsRepository(documentClient, config.TABLE_NAME),
  index: createSearchIndex(readSearchIndexConfig()),
  images: createFrameLinks(s3, config.MEDIA_BUCKET),
}), { authenticator: bearerAuthenticator() });
