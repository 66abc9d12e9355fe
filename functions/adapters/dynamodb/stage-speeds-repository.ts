import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StageSpeedRecord } from '../../core/pipeline/ports.js';
import { recordRun, type StageSpeeds } from '../../core/pipeline/stage-speeds.js';
import { isConditionFailure } from './client.js';

/** The one item holding this deployment's measured stage speeds (docs/pipeline.md "Time left"). */
export const stageSpeedsKey = { pk: 'ENGINE#stage-speeds', sk: 'SPEEDS' } as const;

/** The measured stage speeds in the table: read, and a finished run added with a versioned put. */
export function createStageSpeedRecord(client: DynamoDBDocumentClient, tableName: string): StageSpeedRecord {
  const read = async () => {
    const out = await client.send(new GetCommand({ TableName: tableName, Key: stageSpeedsKey, ConsistentRead: true }));
    return out.Item as (Record<string, unknown> & { speeds?: StageSpeeds; revision?: number }) | undefined;
  };
  return {
    async find() {
      return (await read())?.speeds;
    },
    async addRun(durationSeconds, stageSeconds) {
      const item = await read();
      const revision = item?.revision ?? 0;
      try {
        await client.send(new PutCommand({
          TableName: tableName,
          Item: { ...stageSpeedsKey, speeds: recordRun(item?.speeds, durationSeconds, stageSeconds), revision: revision + 1 },
          ConditionExpression: item ? 'revision = :r' : 'attribute_not_exists(pk)',
          ...(item ? { ExpressionAttributeValues: { ':r': revision } } : {}),
        }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
