import { validationError, type Json } from './wire.js';

export type WriteKind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';

/** One TransactWriteItems entry, with the key of the item it touches. */
export interface WriteStep {
  readonly kind: WriteKind;
  readonly tableName: string;
  readonly key: Json;
  readonly op: Json;
}

const KINDS: readonly WriteKind[] = ['Put', 'Update', 'Delete', 'ConditionCheck'];
export const MAX_TRANSACT_ITEMS = 100;

/** Checks the item count of a transaction the way DynamoDB does. Throws DynamoError (ValidationException). */
export function checkItemCount(items: unknown): asserts items is Json[] {
  if (!Array.isArray(items) || items.length < 1 || items.length > MAX_TRANSACT_ITEMS) {
    const size = Array.isArray(items) ? items.length : 0;
    const bound = size < 1 ? 'greater than or equal to 1' : `less than or equal to ${MAX_TRANSACT_ITEMS}`;
    throw validationError(`1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length ${bound}`);
  }
}

/**
 * Turns TransactItems into steps, resolving each item's key with `keyOf`.
 * Throws DynamoError (ValidationException) for a bad count, an entry without exactly one operation,
 * or two operations on one item.
 */
export async function planWrites(items: unknown, keyOf: (tableName: string, item: Json) => Promise<Json>): Promise<WriteStep[]> {
  checkItemCount(items);
  const steps: WriteStep[] = [];
  const seen = new Set<string>();
  for (const entry of items) {
    const kinds = KINDS.filter((kind) => entry?.[kind] !== undefined);
    if (kinds.length !== 1) throw validationError('TransactItems can only contain one of Check, Put, Update or Delete');
    const kind = kinds[0];
    const op = entry[kind] as Json;
    const tableName = String(op.TableName);
    const key = kind === 'Put' ? await keyOf(tableName, op.Item ?? {}) : (op.Key ?? {});
    const identity = `${tableName}\u0000${canonical(key)}`;
    if (seen.has(identity)) throw validationError('Transaction request cannot include multiple operations on one item');
    seen.add(identity);
    steps.push({ kind, tableName, key, op });
  }
  return steps;
}

/** JSON with sorted object keys, so two spellings of one key compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
