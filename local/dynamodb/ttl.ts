import { readFile, rename, writeFile } from 'node:fs/promises';
import { validationError, type Json, type Wire } from './wire.js';

/** The TTL attribute of each table, kept in a JSON file because dynalite has no TTL of its own. */
export class TtlStore {
  private constructor(private readonly file: string, private readonly attributes: Map<string, string>) {}

  /** Reads `file` (a missing file means no TTL anywhere). Throws if it exists but is not valid JSON. */
  static async load(file: string): Promise<TtlStore> {
    const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return '{}';
      throw err;
    });
    return new TtlStore(file, new Map(Object.entries(JSON.parse(text) as Record<string, string>)));
  }

  attributeOf(tableName: string): string | undefined {
    return this.attributes.get(tableName);
  }

  entries(): [tableName: string, attribute: string][] {
    return [...this.attributes];
  }

  /** Enables TTL on `attribute`, or disables it with `undefined`, and saves the file. */
  async set(tableName: string, attribute: string | undefined): Promise<void> {
    if (attribute === undefined) this.attributes.delete(tableName);
    else this.attributes.set(tableName, attribute);
    const temp = `${this.file}.tmp`;
    await writeFile(temp, JSON.stringify(Object.fromEntries(this.attributes), null, 2));
    await rename(temp, this.file);
  }
}

/** DescribeTimeToLive. Throws DynamoError (ResourceNotFoundException) for an unknown table. */
export async function describeTimeToLive(wire: Wire, store: TtlStore, input: Json): Promise<Json> {
  await wire.call('DescribeTable', { TableName: input.TableName });
  const attribute = store.attributeOf(input.TableName);
  return {
    TimeToLiveDescription: attribute ? { TimeToLiveStatus: 'ENABLED', AttributeName: attribute } : { TimeToLiveStatus: 'DISABLED' },
  };
}

/**
 * UpdateTimeToLive, taking effect at once (DynamoDB reports ENABLING for a while; nobody should rely on that).
 * Throws DynamoError: ResourceNotFoundException, or ValidationException for a malformed or redundant change.
 */
export async function updateTimeToLive(wire: Wire, store: TtlStore, input: Json): Promise<Json> {
  const spec = input.TimeToLiveSpecification as Json | undefined;
  if (!spec || typeof spec.Enabled !== 'boolean' || typeof spec.AttributeName !== 'string' || !spec.AttributeName) {
    throw validationError('TimeToLiveSpecification must have Enabled and a non-empty AttributeName');
  }
  await wire.call('DescribeTable', { TableName: input.TableName });
  const current = store.attributeOf(input.TableName);
  if (spec.Enabled && current) throw validationError('TimeToLive is already enabled');
  if (!spec.Enabled && !current) throw validationError('TimeToLive is already disabled');
  await store.set(input.TableName, spec.Enabled ? spec.AttributeName : undefined);
  return { TimeToLiveSpecification: { Enabled: spec.Enabled, AttributeName: spec.AttributeName } };
}
