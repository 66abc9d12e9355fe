import type { KeySchemas } from './tables.js';
import type { Mutex } from './mutex.js';
import type { TtlStore } from './ttl.js';
import { DynamoError, type Json, type Wire } from './wire.js';

export interface SweeperDeps {
  readonly wire: Wire;
  readonly ttl: TtlStore;
  readonly keys: KeySchemas;
  readonly writes: Mutex;
  readonly now: () => number;
}

/** Runs `sweepExpired` every `intervalMs` (never two at once) until `stop`, which waits for a running sweep. */
export function startSweeper(deps: SweeperDeps, intervalMs: number): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const schedule = () => {
    timer = setTimeout(() => {
      running = sweepExpired(deps)
        .catch((err) => console.error('[local-dynamodb] TTL sweep failed:', err))
        .finally(() => { if (!stopped) schedule(); });
    }, intervalMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Deletes, in every table with TTL, the items whose TTL attribute is a number of epoch seconds in the past. */
export async function sweepExpired(deps: SweeperDeps): Promise<void> {
  const nowSeconds = String(Math.floor(deps.now() / 1000));
  for (const [tableName, attribute] of deps.ttl.entries()) {
    // A condition, not a number type check: `<` against a number never matches strings or other types.
    const expired = { ConditionExpression: '#ttl < :now', ExpressionAttributeNames: { '#ttl': attribute },
      ExpressionAttributeValues: { ':now': { N: nowSeconds } } };
    let startKey: Json | undefined;
    do {
      const page = await scanPage(deps.wire, tableName, expired, startKey);
      if (!page) break;
      for (const item of page.Items as Json[]) {
        const Key = await deps.keys.keyOf(tableName, item);
        // The condition spares an item whose TTL was pushed back since the scan.
        await deps.writes.run(() => deps.wire.call('DeleteItem', { TableName: tableName, Key, ...expired })
          .catch((err) => { if (!(err instanceof DynamoError && err.code === 'ConditionalCheckFailedException')) throw err; }));
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
}

async function scanPage(wire: Wire, tableName: string, expired: Json, startKey: Json | undefined): Promise<Json | undefined> {
  const { ConditionExpression, ...names } = expired;
  try {
    return await wire.call('Scan', { TableName: tableName, FilterExpression: ConditionExpression, ...names, ExclusiveStartKey: startKey });
  } catch (err) {
    if (err instanceof DynamoError && err.code === 'ResourceNotFoundException') return undefined; // table deleted since
    throw err;
  }
}
