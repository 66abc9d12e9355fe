import { historyEventsFor, splitResource } from '../../../local/stepfunctions/history.js';

const resources: Record<string, string> = { Save: 'arn:aws:states:::aws-sdk:dynamodb:putItem' };
const resourceOf = (name: string) => resources[name];

describe('historyEventsFor', () => {
  it('names the state in typed Entered and Exited events with JSON data', () => {
    const entered = historyEventsFor({ type: 'StateEntered', timestamp: 5, state: { name: 'Is it done?', type: 'Choice', input: { a: 1 } } }, resourceOf);
    const exited = historyEventsFor({ type: 'StateExited', timestamp: 6, state: { name: 'Save', type: 'Task', output: [1] } }, resourceOf);

    expect(entered).toEqual([{ timestamp: 5, type: 'ChoiceStateEntered', stateEnteredEventDetails: { name: 'Is it done?', input: '{"a":1}', inputDetails: { truncated: false } } }]);
    expect(exited).toEqual([{ timestamp: 6, type: 'TaskStateExited', stateExitedEventDetails: { name: 'Save', output: '[1]', outputDetails: { truncated: false } } }]);
  });

  it('reports a failed Task as TaskFailed with the integration resource', () => {
    const events = historyEventsFor({ type: 'StateFailed', timestamp: 7, state: { name: 'Save', type: 'Task' }, Error: 'DynamoDb.ConditionalCheckFailedException', Cause: 'nope' }, resourceOf);

    expect(events).toEqual([{
      timestamp: 7, type: 'TaskFailed',
      taskFailedEventDetails: { resourceType: 'aws-sdk:dynamodb', resource: 'putItem', error: 'DynamoDb.ConditionalCheckFailedException', cause: 'nope' },
    }]);
  });

  it('reports execution outcomes and Map iterations', () => {
    expect(historyEventsFor({ type: 'ExecutionFailed', timestamp: 1, Error: 'E', Cause: { why: 1 } }, resourceOf))
      .toEqual([{ timestamp: 1, type: 'ExecutionFailed', executionFailedEventDetails: { error: 'E', cause: '{"why":1}' } }]);
    expect(historyEventsFor({ type: 'MapIterationStarted', timestamp: 2, index: 3, parentState: { name: 'Each', type: 'Map' } }, resourceOf))
      .toEqual([{ timestamp: 2, type: 'MapIterationStarted', mapIterationStartedEventDetails: { name: 'Each', index: 3 } }]);
  });

  it('drops engine events AWS has no counterpart for', () => {
    expect(historyEventsFor({ type: 'StateRetried', timestamp: 1, state: { name: 'Save', type: 'Task' } }, resourceOf)).toEqual([]);
    expect(historyEventsFor({ type: 'StateFailed', timestamp: 1, state: { name: 'Stop', type: 'Fail' }, Error: 'E', Cause: 'c' }, resourceOf)).toEqual([]);
  });
});

describe('splitResource', () => {
  it('splits service integrations and treats Lambda ARNs as lambda invoke', () => {
    expect(splitResource('arn:aws:states:::lambda:invoke')).toEqual({ resourceType: 'lambda', resource: 'invoke' });
    expect(splitResource('arn:aws:lambda:us-east-1:000000000000:function:F')).toEqual({ resourceType: 'lambda', resource: 'invoke' });
  });
});
