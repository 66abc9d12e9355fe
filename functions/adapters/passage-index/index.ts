import type { SearchIndexConfig } from '../../config.js';
import type { PassageIndex } from '../../core/ask/model.js';
import { openSearchServerlessClient } from '../search-index/index.js';
import { openEmbeddedPassageIndex } from './embedded.js';
import { createOpenSearchPassageIndex } from './opensearch.js';

/**
 * The one place the passage index adapter is chosen, by the search index's configuration: OpenSearch
 * beside the search indices, else the embedded index in the search index's folder (passages/).
 */
export function createPassageIndex(config: SearchIndexConfig): PassageIndex {
  return config.kind === 'opensearch'
    ? createOpenSearchPassageIndex(openSearchServerlessClient(config.endpoint, config.region))
    : openEmbeddedPassageIndex(config.dir);
}
