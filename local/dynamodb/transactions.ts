import type { Mutex } from './mutex.js';
import type { KeySchemas } from './tables.js';
import type { RequestTokens } from './request-tokens.js';
import { checkItemCount, planWrites, type WriteStep } from './transact-plan.js';
import { putBack, type UndoEntry, type UndoJournal } from './undo-journal.js';
import { DynamoError, validationError, type Json, type Wire } from './wire.js';

export interface TransactDeps {
  readonly wire: Wire;
  readonly keys: KeySchemas;
  readonly writes: Mutex;
  readonly tokens: RequestTokens;
  /** Where a transaction saves its items' prior state while it writes (so a crash mid-way can be undone at start-up). */
  readonly journal: UndoJournal;
}

const CONDITION_PARTS = ['ConditionExpression', 'ExpressionAttributeNames', 'ExpressionAttributeValues'] as const;
const DYNAMO = 'com.amazonaws.dynamodb.v20120810#';

/**
 * TransactWriteItems on top of single-item writes: under the write mutex, snapshot every item, apply each step
 * conditionally, and on any failure put every snapshot back. Throws DynamoError: TransactionCanceledException,
 * ValidationException, IdempotentParameterMismatchException, or any engine error (after rolling back).
 */
export async function transactWriteItems(deps: TransactDeps, input: Json): Promise<Json> {
  const steps = await planWrites(input.TransactItems, (table, item) => deps.keys.keyOf(table, item));
  const token = typeof input.ClientRequestToken === 'string' ? input.ClientRequestToken : undefined;
  const fingerprint = JSON.stringify(input.TransactItems);
  return deps.writes.run(async () => {
    if (token && deps.tokens.isRepeat(token, fingerprint)) return {};
    const before: UndoEntry[] = await Promise.all(steps.map(async ({ tableName, key }) => ({ tableName, key, item: await getItem(deps.wire, tableName,
      key) })));
    await deps.journal.begin(before);
    const written: number[] = [];
    const reasons: Json[] = [];
    try {
      for (const [i, step] of steps.entries()) {
        // Once the transaction is doomed, only conditions still matter: check them without writing.
        const doomed = reasons.some((reason) => reason.Code !== 'None');
        const reason = await applyStep(deps.wire, doomed ? asCheck(step) : step, before[i]!.item);
        if (!doomed && reason.Code === 'None' && step.kind !== 'ConditionCheck') written.push(i);
        reasons.push(reason);
      }
    } catch (err) {
      await restore(deps.wire, before, written);
      await deps.journal.end();
      throw err;
    }
    if (reasons.some((reason) => reason.Code !== 'None')) {
      await restore(deps.wire, before, written);
      await deps.journal.end();
      throw cancelled(reasons);
    }
    await deps.journal.end();
    if (token) deps.tokens.remember(token, fingerprint);
    return {};
  });
}

/** TransactGetItems: consistent GetItems taken together under the write mutex, so no write lands in between. */
export async function transactGetItems(deps: TransactDeps, input: Json): Promise<Json> {
  checkItemCount(input.TransactItems);
  const gets = (input.TransactItems as Json[]).map((entry) => entry?.Get as Json | undefined);
  if (gets.some((get) => !get)) throw validationError('TransactItems can only contain Get');
  return deps.writes.run(async () => {
    const responses = await Promise.all((gets as Json[]).map(async (get) => {
      const { TableName, Key, ProjectionExpression, ExpressionAttributeNames } = get;
      const out = await deps.wire.call('GetItem', { TableName, Key, ProjectionExpression, ExpressionAttributeNames, ConsistentRead: true });
      return out.Item ? { Item: out.Item } : {};
    }));
    return { Responses: responses };
  });
}

async function getItem(wire: Wire, tableName: string, key: Json): Promise<Json | undefined> {
  const out = await wire.call('GetItem', { TableName: tableName, Key: key, ConsistentRead: true });
  return out.Item;
}

/** Applies one step; answers its cancellation reason, or throws an engine error that is not about this item. */
async function applyStep(wire: Wire, step: WriteStep, snapshot: Json | undefined): Promise<Json> {
  const condition = pick(step.op, CONDITION_PARTS);
  const table = { TableName: step.tableName };
  try {
    if (step.kind === 'Put') await wire.call('PutItem', { ...table, Item: step.op.Item, ...condition });
    if (step.kind === 'Update') await wire.call('UpdateItem', { ...table, Key: step.key, UpdateExpression: step.op.UpdateExpression, ...condition });
    if (step.kind === 'Delete') await wire.call('DeleteItem', { ...table, Key: step.key, ...condition });
    // A conditional write that leaves the item exactly as it was: rewrite it, or delete what is not there.
    if (step.kind === 'ConditionCheck' && step.op.ConditionExpression) {
      if (snapshot) await wire.call('PutItem', { ...table, Item: snapshot, ...condition });
      else await wire.call('DeleteItem', { ...table, Key: step.key, ...condition });
    }
    return { Code: 'None' };
  } catch (err) {
    if (!(err instanceof DynamoError)) throw err;
    if (err.code === 'ConditionalCheckFailedException') {
      const withItem = step.op.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && snapshot ? { Item: snapshot } : {};
      return { Code: 'ConditionalCheckFailed', ...withItem, Message: 'The conditional request failed' };
    }
    if (err.code === 'ValidationException') return { Code: 'ValidationError', Message: err.message };
    throw err;
  }
}

/** The step reduced to its condition; a step without one cannot fail on it, so it is skipped. */
function asCheck(step: WriteStep): WriteStep {
  const condition = step.op.ConditionExpression as string | undefined;
  if (!condition) return { ...step, kind: 'ConditionCheck', op: {} };
  // dynalite rejects names and values the expression does not use, as DynamoDB does; the update's own go.
  const used = new Set(condition.match(/[#:][A-Za-z0-9_]+/g) ?? []);
  const only = (map: Json | undefined) => (map ? Object.fromEntries(Object.entries(map).filter(([name]) => used.has(name))) : undefined);
  const names = only(step.op.ExpressionAttributeNames);
  const values = only(step.op.ExpressionAttributeValues);
  return {
    ...step,
    kind: 'ConditionCheck',
    op: {
      ...step.op,
      ExpressionAttributeNames: names && Object.keys(names).length ? names : undefined,
      ExpressionAttributeValues: values && Object.keys(values).length ? values : undefined,
    },
  };
}

/** Puts back every written step's item as it was before the transaction. */
async function restore(wire: Wire, before: readonly UndoEntry[], written: number[]): Promise<void> {
  for (const i of written) await putBack(wire, before[i]!);
}

function cancelled(reasons: Json[]): DynamoError {
  return new DynamoError(400, {
    __type: `${DYNAMO}TransactionCanceledException`,
    CancellationReasons: reasons,
    Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
  });
}

function pick(source: Json, names: readonly string[]): Json {
  return Object.fromEntries(names.filter((name) => source[name] !== undefined).map((name) => [name, source[name]]));
}
