import { BatchGetCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { processingKeys } from './processing-keys.js';

const BATCH_GET_LIMIT = 100;

/**
 * The current speaker names of many meetings at once (issue 30: the action items ledger shows them): batch gets of 100
 * `TRANSCRIPT` items, only their `speakerNames`. Meetings without a transcript are left out of the map.
 */
export function createSpeakerNamesReader(db: DynamoDBDocumentClient, tableName: string) {
  return async function speakerNamesOf(meetingIds: readonly string[]): Promise<Map<string, Record<string, string>>> {
    const found = new Map<string, Record<string, string>>();
    const ids = [...new Set(meetingIds)];
    await Promise.all(Array.from({ length: Math.ceil(ids.length / BATCH_GET_LIMIT) }, async (_, i) => {
      let keys: Record<string, unknown>[] | undefined = ids.slice(i * BATCH_GET_LIMIT, (i + 1) * BATCH_GET_LIMIT).map(processingKeys.transcript);
      while (keys && keys.length > 0) {
        const out: BatchGetCommandOutput = await db.send(new BatchGetCommand({
          RequestItems: { [tableName]: { Keys: keys, ProjectionExpression: 'pk, speakerNames' } },
        }));
        for (const item of out.Responses?.[tableName] ?? []) {
          if (typeof item.pk === 'string' && item.speakerNames) found.set(item.pk.slice('MEETING#'.length), item.speakerNames as Record<string, string>);
        }
        keys = out.UnprocessedKeys?.[tableName]?.Keys;
      }
    }));
    return found;
  };
}
