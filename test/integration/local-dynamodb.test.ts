import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient, TransactionCanceledException, UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactGetCommand, TransactWriteCommand, UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { MAIN_TABLE } from '../../lib/definitions/resources.js';
import { startLocalDynamo, type LocalDynamo } from '../../local/dynamodb/index.js';

const TABLE = MAIN_TABLE.localName;

function clientsFor(endpoint: string) {
  const raw = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return { raw, doc: DynamoDBDocumentClient.from(raw) };
}

describe('startLocalDynamo', () => {
  let dataDir: string;
  let dynamo: LocalDynamo;
  let raw: DynamoDBClient;
  let doc: DynamoDBDocumentClient;
  let nowMs = Date.UTC(2030, 0, 1);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'local-dynamodb-'));
    dynamo = await startLocalDynamo({ dataDir, tables: [MAIN_TABLE], sweepIntervalMs: 50, now: () => nowMs, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    ({ raw, doc } = clientsFor(dynamo.endpoint));
  });

  afterAll(async () => {
    raw.destroy();
    await dynamo.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the tables with their GSIs and TTL enabled', async () => {
    const { Table } = await raw.send(new DescribeTableCommand({ TableName: TABLE }));
    const ttl = await raw.send(new DescribeTimeToLiveCommand({ TableName: TABLE }));

    expect(Table?.BillingModeSummary?.BillingMode ?? 'PAY_PER_REQUEST').toBe('PAY_PER_REQUEST');
    expect(Table?.KeySchema).toEqual([{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }]);
    expect(Table?.GlobalSecondaryIndexes?.map((index) => [index.IndexName, index.Projection?.ProjectionType]))
      .toEqual([['gsi1', 'ALL'], ['gsi2', 'ALL']]);
    expect(ttl.TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' });
    expect(JSON.parse(await readFile(path.join(dataDir, 'dynamodb-ttl.json'), 'utf8'))).toEqual({ [TABLE]: 'expiresAt' });
  });

  it('passes ordinary operations through, GSI queries included', async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'P#1', sk: 'A', gsi1pk: 'G#1', gsi1sk: '1', name: 'one' } }));

    const { Items } = await doc.send(new QueryCommand({
      TableName: TABLE, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :g', ExpressionAttributeValues: { ':g': 'G#1' },
    }));

    expect(Items).toEqual([expect.objectContaining({ pk: 'P#1', name: 'one' })]);
  });

  it('rejects a second TTL enablement like DynamoDB', async () => {
    const enable = new UpdateTimeToLiveCommand({ TableName: TABLE, TimeToLiveSpecification: { Enabled: true, AttributeName: 'other' } });

    await expect(raw.send(enable)).rejects.toMatchObject({ name: 'ValidationException', message: 'TimeToLive is already enabled' });
  });

  it('writes every item of a transaction that succeeds', async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'T#ok', sk: 'gone' } }));

    await doc.send(new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: TABLE, Item: { pk: 'T#ok', sk: 'a', n: 1 }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Update: { TableName: TABLE, Key: { pk: 'T#ok', sk: 'b' }, UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': 2 } } },
        { Delete: { TableName: TABLE, Key: { pk: 'T#ok', sk: 'gone' } } },
        { ConditionCheck: { TableName: TABLE, Key: { pk: 'T#ok', sk: 'absent' }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    }));

    const { Items } = await doc.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'T#ok' } }));
    expect(Items).toEqual([{ pk: 'T#ok', sk: 'a', n: 1 }, { pk: 'T#ok', sk: 'b', n: 2 }]);
  });

  it('changes nothing and reports the reasons when a condition fails', async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'T#fail', sk: 'a', n: 1 } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'T#fail', sk: 'c', n: 3 } }));

    const attempt = doc.send(new TransactWriteCommand({
      TransactItems: [
        { Update: { TableName: TABLE, Key: { pk: 'T#fail', sk: 'a' }, UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': 10 } } },
        { Put: { TableName: TABLE, Item: { pk: 'T#fail', sk: 'b', n: 2 } } },
        { ConditionCheck: { TableName: TABLE, Key: { pk: 'T#fail', sk: 'c' }, ConditionExpression: 'n = :x', ExpressionAttributeValues: { ':x': 99 }, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
        { Delete: { TableName: TABLE, Key: { pk: 'T#fail', sk: 'd' }, ConditionExpression: 'attribute_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
      ],
    }));
    const error = await attempt.catch((err: unknown) => err);

    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect(error).toMatchObject({
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, None, ConditionalCheckFailed, ConditionalCheckFailed]',
      $metadata: { httpStatusCode: 400 },
    });
    expect((error as TransactionCanceledException).CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { pk: { S: 'T#fail' }, sk: { S: 'c' }, n: { N: '3' } } },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
    ]);
    const { Items } = await doc.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'T#fail' } }));
    expect(Items).toEqual([{ pk: 'T#fail', sk: 'a', n: 1 }, { pk: 'T#fail', sk: 'c', n: 3 }]);
  });

  it('rejects two operations on one item and more than 100 items', async () => {
    const twice = new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: TABLE, Item: { pk: 'T#dup', sk: 'a' } } },
        { Delete: { TableName: TABLE, Key: { sk: 'a', pk: 'T#dup' } } },
      ],
    });
    const tooMany = new TransactWriteCommand({
      TransactItems: Array.from({ length: 101 }, (_, i) => ({ Put: { TableName: TABLE, Item: { pk: 'T#many', sk: String(i) } } })),
    });

    await expect(doc.send(twice)).rejects.toMatchObject({ name: 'ValidationException', message: 'Transaction request cannot include multiple operations on one item' });
    await expect(doc.send(tooMany)).rejects.toMatchObject({ name: 'ValidationException' });
    const { Item } = await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'T#dup', sk: 'a' } }));
    expect(Item).toBeUndefined();
  });

  it('applies a transaction once per ClientRequestToken', async () => {
    const increment = (token: string, by: number) => new TransactWriteCommand({
      ClientRequestToken: token,
      TransactItems: [{ Update: { TableName: TABLE, Key: { pk: 'T#token', sk: 'n' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': by } } }],
    });

    await doc.send(increment('token-1', 1));
    await doc.send(increment('token-1', 1));

    await expect(doc.send(increment('token-1', 5))).rejects.toMatchObject({ name: 'IdempotentParameterMismatchException' });
    const { Item } = await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'T#token', sk: 'n' } }));
    expect(Item?.n).toBe(1);
  });

  it('loses no increment when rolled-back transactions race 50 concurrent conditional increments', async () => {
    const key = { pk: 'T#race', sk: 'counter' };
    await doc.send(new PutCommand({ TableName: TABLE, Item: { ...key, n: 0 } }));
    const increment = { TableName: TABLE, Key: key, UpdateExpression: 'SET n = n + :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 } };
    // Each doomed transaction writes the counter, then fails its check and puts the old counter back.
    const doomed = new TransactWriteCommand({ TransactItems: [
      { Update: { ...increment, ExpressionAttributeValues: { ':one': 1000 } } },
      { ConditionCheck: { TableName: TABLE, Key: { pk: 'T#race', sk: 'absent' }, ConditionExpression: 'attribute_exists(pk)' } },
    ] });
    const succeeding = new TransactWriteCommand({ TransactItems: [{ Update: increment }] });

    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 50 }, () => doc.send(new UpdateCommand(increment))),
      ...Array.from({ length: 50 }, () => doc.send(doomed)),
      ...Array.from({ length: 10 }, () => doc.send(succeeding)),
    ]);

    const failures = outcomes.filter((outcome) => outcome.status === 'rejected') as PromiseRejectedResult[];
    expect(failures).toHaveLength(50);
    expect(failures.every((failure) => failure.reason instanceof TransactionCanceledException)).toBe(true);
    const { Item } = await doc.send(new GetCommand({ TableName: TABLE, Key: key, ConsistentRead: true }));
    expect(Item?.n).toBe(60);
  });

  it('keeps a version counter exact when transactions and updates compete for it', async () => {
    const key = { pk: 'T#version', sk: 'counter' };
    await doc.send(new PutCommand({ TableName: TABLE, Item: { ...key, version: 0 } }));
    const incrementOnce = async (worker: number) => {
      for (;;) {
        const { Item } = await doc.send(new GetCommand({ TableName: TABLE, Key: key, ConsistentRead: true }));
        const version = Item?.version as number;
        const update = { TableName: TABLE, Key: key, UpdateExpression: 'SET version = :next', ConditionExpression: 'version = :seen', ExpressionAttributeValues: { ':seen': version, ':next': version + 1 } };
        try {
          if (worker % 2 === 0) await doc.send(new UpdateCommand(update));
          else await doc.send(new TransactWriteCommand({ TransactItems: [{ Update: update }, { Put: { TableName: TABLE, Item: { pk: 'T#version', sk: `log#${version}`, worker } } }] }));
          return;
        } catch (err) {
          const name = (err as Error).name;
          if (name !== 'ConditionalCheckFailedException' && name !== 'TransactionCanceledException') throw err;
        }
      }
    };

    await Promise.all(Array.from({ length: 12 }, (_, worker) => incrementOnce(worker)));

    const { Item } = await doc.send(new GetCommand({ TableName: TABLE, Key: key }));
    const { Items } = await doc.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :p AND begins_with(sk, :log)', ExpressionAttributeValues: { ':p': 'T#version', ':log': 'log#' } }));
    expect(Item?.version).toBe(12);
    expect(new Set(Items?.map((item) => item.worker))).toEqual(new Set([1, 3, 5, 7, 9, 11]));
  });

  it('reads several items at once with TransactGetItems', async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'G#1', sk: 'a', n: 1, secret: 'x' } }));

    const { Responses } = await doc.send(new TransactGetCommand({
      TransactItems: [
        { Get: { TableName: TABLE, Key: { pk: 'G#1', sk: 'a' }, ProjectionExpression: 'pk, #n', ExpressionAttributeNames: { '#n': 'n' } } },
        { Get: { TableName: TABLE, Key: { pk: 'G#1', sk: 'missing' } } },
      ],
    }));

    expect(Responses).toEqual([{ Item: { pk: 'G#1', n: 1 } }, {}]);
  });

  it('sweeps expired items and keeps the others', async () => {
    const nowSeconds = Math.floor(nowMs / 1000);
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'TTL', sk: 'expired', expiresAt: nowSeconds - 1 } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'TTL', sk: 'later', expiresAt: nowSeconds + 60 } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'TTL', sk: 'forever' } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'TTL', sk: 'text', expiresAt: String(nowSeconds - 1) } }));

    const remaining = async () => (await doc.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'TTL' } }))).Items?.map((item) => item.sk);
    await waitFor(async () => !(await remaining())?.includes('expired'));
    expect(await remaining()).toEqual(['forever', 'later', 'text']);

    nowMs += 120_000;
    await waitFor(async () => !(await remaining())?.includes('later'));
    expect(await remaining()).toEqual(['forever', 'text']);
  });

  it('keeps the data across a restart on the same folder', async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'R#1', sk: 'a', note: 'kept' } }));
    raw.destroy();
    await dynamo.stop();

    dynamo = await startLocalDynamo({ dataDir, tables: [MAIN_TABLE], sweepIntervalMs: 50, now: () => nowMs, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    ({ raw, doc } = clientsFor(dynamo.endpoint));

    const { Item } = await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'R#1', sk: 'a' } }));
    expect(Item).toEqual({ pk: 'R#1', sk: 'a', note: 'kept' });
    const ttl = await raw.send(new DescribeTimeToLiveCommand({ TableName: TABLE }));
    expect(ttl.TimeToLiveDescription?.TimeToLiveStatus).toBe('ENABLED');
  });

  it('keeps no undo journal once a transaction has succeeded or been cancelled', async () => {
    await doc.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: TABLE, Item: { pk: 'J#0', sk: 'a' } } }] }));
    await expect(doc.send(new TransactWriteCommand({
      TransactItems: [{ Put: { TableName: TABLE, Item: { pk: 'J#0', sk: 'a' }, ConditionExpression: 'attribute_not_exists(pk)' } }],
    }))).rejects.toBeInstanceOf(TransactionCanceledException);
    await expect(readFile(path.join(dataDir, 'dynamodb-transaction.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('undoes, at the next start, a transaction a crash cut short', async () => {
    // What a kill between a transaction's two writes leaves: the first item changed, the second written, and the journal.
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'J#1', sk: 'a', v: 'after' } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'J#2', sk: 'b', v: 'new' } }));
    raw.destroy();
    await dynamo.stop();
    await writeFile(path.join(dataDir, 'dynamodb-transaction.json'), JSON.stringify({ entries: [
      { tableName: TABLE, key: { pk: { S: 'J#1' }, sk: { S: 'a' } }, item: { pk: { S: 'J#1' }, sk: { S: 'a' }, v: { S: 'before' } } },
      { tableName: TABLE, key: { pk: { S: 'J#2' }, sk: { S: 'b' } } },
    ] }));

    dynamo = await startLocalDynamo({ dataDir, tables: [MAIN_TABLE], sweepIntervalMs: 50, now: () => nowMs, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    ({ raw, doc } = clientsFor(dynamo.endpoint));

    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'J#1', sk: 'a' } }))).Item).toEqual({ pk: 'J#1', sk: 'a', v: 'before' });
    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'J#2', sk: 'b' } }))).Item).toBeUndefined();
    await expect(readFile(path.join(dataDir, 'dynamodb-transaction.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

/** Polls `check` until it holds; the test's own timeout bounds it. */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}
