import type { TableDefinition } from '../../lib/definitions/resources.js';
import { DynamoError, type Json, type Wire } from './wire.js';

/** Creates every table in `tables` that does not exist yet (on-demand, string keys, GSIs projecting ALL). */
export async function ensureTables(wire: Wire, tables: readonly TableDefinition[]): Promise<void> {
  for (const table of tables) {
    try {
      await wire.call('DescribeTable', { TableName: table.localName });
    } catch (err) {
      if (!(err instanceof DynamoError && err.code === 'ResourceNotFoundException')) throw err;
      await wire.call('CreateTable', createTableInput(table));
    }
  }
}

/** The CreateTable input for one table definition. */
export function createTableInput(table: TableDefinition): Json {
  const keyAttributes = new Set([table.partitionKey, table.sortKey]);
  for (const index of table.globalSecondaryIndexes) keyAttributes.add(index.partitionKey).add(index.sortKey);
  const keySchema = (pk: string, sk: string) => [{ AttributeName: pk, KeyType: 'HASH' }, { AttributeName: sk, KeyType: 'RANGE' }];
  const input: Json = {
    TableName: table.localName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...keyAttributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: keySchema(table.partitionKey, table.sortKey),
  };
  if (table.globalSecondaryIndexes.length > 0) {
    input.GlobalSecondaryIndexes = table.globalSecondaryIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: keySchema(index.partitionKey, index.sortKey),
      Projection: { ProjectionType: 'ALL' },
    }));
  }
  return input;
}

/** Key attribute names per table, read from DescribeTable and cached until `forget`. */
export class KeySchemas {
  private readonly cache = new Map<string, Promise<string[]>>();
  constructor(private readonly wire: Wire) {}

  /** The key attribute names of `tableName`. Throws DynamoError (ResourceNotFoundException) for an unknown table. */
  names(tableName: string): Promise<string[]> {
    let names = this.cache.get(tableName);
    if (!names) {
      names = this.wire.call('DescribeTable', { TableName: tableName })
        .then((out) => (out.Table.KeySchema as Json[]).map((k) => String(k.AttributeName)));
      names.catch(() => this.cache.delete(tableName));
      this.cache.set(tableName, names);
    }
    return names;
  }

  /** The key of `item` in `tableName`. */
  async keyOf(tableName: string, item: Json): Promise<Json> {
    const key: Json = {};
    for (const name of await this.names(tableName)) key[name] = item[name];
    return key;
  }

  /** Drops cached schemas (after CreateTable/DeleteTable, whose table may come back with another schema). */
  forget(): void {
    this.cache.clear();
  }
}
