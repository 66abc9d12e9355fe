import { planWrites } from '../../../local/dynamodb/transact-plan.js';
import type { Json } from '../../../local/dynamodb/wire.js';

const keyOf = async (_table: string, item: Json) => ({ pk: item.pk, sk: item.sk });
const s = (value: string) => ({ S: value });

describe('planWrites', () => {
  it('resolves the key of a Put from its item and keeps the order', async () => {
    const steps = await planWrites([
      { Put: { TableName: 't', Item: { pk: s('a'), sk: s('1'), other: s('x') } } },
      { Delete: { TableName: 't', Key: { pk: s('b'), sk: s('1') } } },
    ], keyOf);

    expect(steps.map((step) => [step.kind, step.key])).toEqual([
      ['Put', { pk: s('a'), sk: s('1') }],
      ['Delete', { pk: s('b'), sk: s('1') }],
    ]);
  });

  it('rejects two operations on one item even when the key attributes come in another order', async () => {
    const items = [
      { Put: { TableName: 't', Item: { pk: s('a'), sk: s('1') } } },
      { ConditionCheck: { TableName: 't', Key: { sk: s('1'), pk: s('a') }, ConditionExpression: 'attribute_exists(pk)' } },
    ];

    await expect(planWrites(items, keyOf)).rejects.toMatchObject({ code: 'ValidationException', message: 'Transaction request cannot include multiple operations on one item' });
  });

  it('accepts the same key in two different tables', async () => {
    const items = [
      { Delete: { TableName: 't1', Key: { pk: s('a'), sk: s('1') } } },
      { Delete: { TableName: 't2', Key: { pk: s('a'), sk: s('1') } } },
    ];

    await expect(planWrites(items, keyOf)).resolves.toHaveLength(2);
  });

  it('rejects an empty transaction, one over 100 items, and an entry with two operations', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ Delete: { TableName: 't', Key: { pk: s(String(i)), sk: s('1') } } }));
    const both = [{ Put: { TableName: 't', Item: { pk: s('a'), sk: s('1') } }, Delete: { TableName: 't', Key: { pk: s('a'), sk: s('1') } } }];

    await expect(planWrites([], keyOf)).rejects.toMatchObject({ code: 'ValidationException', message: expect.stringContaining('greater than or equal to 1') });
    await expect(planWrites(many, keyOf)).rejects.toMatchObject({ code: 'ValidationException', message: expect.stringContaining('less than or equal to 100') });
    await expect(planWrites(both, keyOf)).rejects.toMatchObject({ code: 'ValidationException' });
  });
});
