import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Client } from '@opensearch-project/opensearch';
import { AwsSigv4Signer } from '@opensearch-project/opensearch/aws-v3';
import type { SearchIndexConfig } from '../../config.js';
import type { SearchIndex } from '../../core/search/model.js';
import { openEmbeddedSearchIndex } from './embedded.js';
import { createOpenSearchIndex } from './opensearch.js';

/** An OpenSearch Serverless client signing each request with SigV4 for service 'aoss'. */
export function openSearchServerlessClient(endpoint: string, region: string): Client {
  return new Client({
    ...AwsSigv4Signer({ region, service: 'aoss', getCredentials: defaultProvider() }),
    node: endpoint,
  });
}

/**
 * The one place the search index adapter is chosen, by configuration: OpenSearch when an endpoint is
 * configured, else the embedded index in the configured directory.
 */
export function createSearchIndex(config: SearchIndexConfig): SearchIndex {
  return config.kind === 'opensearch'
    ? createOpenSearchIndex(openSearchServerlessClient(config.endpoint, config.region))
    : openEmbeddedSearchIndex(config.dir);
}
