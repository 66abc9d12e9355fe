import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StateMachineDefinition } from '../../../lib/definitions/workflows.js';
import { loadStateMachine, type LoadedStateMachine } from '../../../local/stepfunctions/definition.js';
import { buildTaskHandlers } from '../../../local/stepfunctions/task-handlers.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const scope = { region: 'us-east-1', accountId: '000000000000' };
const SAMPLE: StateMachineDefinition = {
  id: 'Sample', envVar: 'SAMPLE_ARN', localName: 'sample', aslFile: 'test/fixtures/statemachines/sample.asl.json',
  lambdaTasks: {
    ValidateSampleFunctionArn: 'test/fixtures/functions/sample/validate.ts',
    DoubleSampleFunctionArn: 'test/fixtures/functions/sample/double.ts',
    FlakySampleFunctionArn: 'test/fixtures/functions/sample/flaky.ts',
  },
};
const withTask = (machine: LoadedStateMachine, state: Record<string, unknown>): LoadedStateMachine => ({
  ...machine, definition: { StartAt: 'Only', States: { Only: { Type: 'Task', End: true, ...state } } },
});

describe('buildTaskHandlers', () => {
  let sample: LoadedStateMachine;
  const sdkResources: string[] = [];
  const deps = { projectRoot, sdkTask: async (resource: string) => { sdkResources.push(resource); return async () => ({ from: resource }); } };

  beforeAll(async () => {
    sample = await loadStateMachine(projectRoot, SAMPLE, scope);
  });

  it('has a handler for every Task state, nested ones included', async () => {
    const handlers = await buildTaskHandlers(sample, deps);

    expect(Object.keys(handlers).sort()).toEqual(['Call flaky service', 'Double item', 'Save summary', 'Validate input']);
    expect(sdkResources).toEqual(['arn:aws:states:::aws-sdk:dynamodb:putItem']);
  });

  it('runs a direct Lambda ARN handler in-process with the state input', async () => {
    const handlers = await buildTaskHandlers(sample, deps);

    await expect(handlers['Validate input']!({ meetingId: 'm', items: [1, 2] })).resolves.toEqual({ meetingId: 'm', items: [1, 2], itemCount: 2 });
  });

  it('wraps a lambda:invoke result as Payload with StatusCode 200', async () => {
    const handlers = await buildTaskHandlers(sample, deps);

    const result = await handlers['Double item']!({ FunctionName: 'arn:aws:lambda:us-east-1:000000000000:function:DoubleSample', Payload: { value: 21 } });

    expect(result).toEqual({ ExecutedVersion: '$LATEST', Payload: 42, StatusCode: 200 });
  });

  it('turns a handler error into the ASL error named after it', async () => {
    const handlers = await buildTaskHandlers(sample, deps);

    await expect(handlers['Validate input']!({ items: [] })).rejects.toMatchObject({
      name: 'InvalidMeeting', message: JSON.stringify({ errorType: 'InvalidMeeting', errorMessage: 'meetingId is required' }),
    });
  });

  it('refuses a Lambda function that has no handler entry', async () => {
    const machine = withTask(sample, { Resource: 'arn:aws:lambda:us-east-1:000000000000:function:Unknown' });

    await expect(buildTaskHandlers(machine, deps)).rejects.toThrow("no handler for Lambda function 'Unknown'");
  });

  it('refuses integration patterns the local runner cannot run', async () => {
    const machine = withTask(sample, { Resource: 'arn:aws:states:::states:startExecution.sync' });

    await expect(buildTaskHandlers(machine, deps)).rejects.toThrow('is not supported locally');
  });
});
