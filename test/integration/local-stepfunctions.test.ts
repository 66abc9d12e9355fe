import { readFile, readdir, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateTableCommand, DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeExecutionCommand, DescribeStateMachineCommand, GetExecutionHistoryCommand, ListExecutionsCommand,
  ListStateMachinesCommand, SFNClient, StartExecutionCommand, StopExecutionCommand, type HistoryEvent,
} from '@aws-sdk/client-sfn';
import dynalite from 'dynalite';
import type { StateMachineDefinition } from '../../lib/definitions/workflows.js';
import { startLocalStepFunctions, type LocalStepFunctions } from '../../local/stepfunctions/index.js';
import { eventually } from '../helpers/eventually.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const TABLE = 'sample-summaries';

export const SAMPLE: StateMachineDefinition = {
  id: 'Sample',
  envVar: 'SAMPLE_STATE_MACHINE_ARN',
  localName: 'sample-under-test',
  aslFile: 'test/fixtures/statemachines/sample.asl.json',
  lambdaTasks: {
    ValidateSampleFunctionArn: 'test/fixtures/functions/sample/validate.ts',
    DoubleSampleFunctionArn: 'test/fixtures/functions/sample/double.ts',
    FlakySampleFunctionArn: 'test/fixtures/functions/sample/flaky.ts',
  },
};

describe('startLocalStepFunctions', () => {
  let tempDir: string;
  let dynamo: Server;
  let sfnService: LocalStepFunctions;
  let sfn: SFNClient;
  let stateMachineArn: string;
  const savedEnv = { ...process.env };

  const input = (name: string, extra: Record<string, unknown> = {}) => ({
    meetingId: `meeting-${name}`, items: [1, 2, 3], urgent: false, tableName: TABLE, counterFile: path.join(tempDir, `${name}.count`), ...extra,
  });
  const start = async (name: string, body: unknown, client = sfn, arn = stateMachineArn) =>
    (await client.send(new StartExecutionCommand({ stateMachineArn: arn, name, input: JSON.stringify(body) }))).executionArn!;
  const finished = (executionArn: string, client = sfn) => eventually(async () => {
    const described = await client.send(new DescribeExecutionCommand({ executionArn }));
    if (described.status === 'RUNNING') throw new Error(`${executionArn} still running`);
    return described;
  });
  const history = async (executionArn: string, client = sfn) => (await client.send(new GetExecutionHistoryCommand({ executionArn, maxResults: 1000 }))).events!;
  const enteredStates = (events: HistoryEvent[]) => events.filter((e) => e.type!.endsWith('StateEntered')).map((e) => e.stateEnteredEventDetails!.name);

  beforeAll(async () => {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'local-sfn-'));
    dynamo = dynalite({ createTableMs: 0 });
    await new Promise<void>((resolve) => dynamo.listen(0, '127.0.0.1', resolve));
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${(dynamo.address() as AddressInfo).port}`,
      AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey, AWS_REGION: 'us-east-1',
    });
    await new DynamoDBClient({}).send(new CreateTableCommand({
      TableName: TABLE, BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    }));
    sfnService = await startLocalStepFunctions({ dataDir: path.join(tempDir, 'data'), projectRoot, stateMachines: [SAMPLE], waitScale: 0.01, credentials });
    sfn = new SFNClient({ endpoint: sfnService.endpoint, region: 'us-east-1', credentials });
    stateMachineArn = sfnService.arnFor('Sample');
  });
  afterAll(async () => {
    await sfnService?.stop();
    sfn?.destroy();
    await new Promise<void>((resolve) => dynamo.close(() => resolve()));
    process.env = savedEnv;
    await rm(tempDir, { recursive: true, force: true });
  });

  it('names state machines after their local name', () => {
    expect(stateMachineArn).toBe('arn:aws:states:us-east-1:000000000000:stateMachine:sample-under-test');
  });

  it('runs the sample end to end through the SFN API and writes through the real DynamoDB client', async () => {
    const body = input('happy');

    const executionArn = await start('happy', body);
    const described = await finished(executionArn);

    expect(described.status).toBe('SUCCEEDED');
    expect(JSON.parse(described.output!)).toEqual({ ...body, itemCount: 3, processed: { doubled: [2, 4, 6], flaky: { attempts: 2 } } });
    const saved = await new DynamoDBClient({}).send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: 'meeting-happy' } } }));
    expect(saved.Item).toEqual({ pk: { S: 'meeting-happy' }, attempts: { N: '2' } });
  });

  it('records a history that names each state', async () => {
    const executionArn = await start('history', input('history'));
    await finished(executionArn);

    const events = await history(executionArn);

    expect(events[0]!.type).toBe('ExecutionStarted');
    expect(events.at(-1)!.type).toBe('ExecutionSucceeded');
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    expect(new Set(enteredStates(events))).toEqual(new Set([
      'Validate input', 'Is it urgent?', 'Pause briefly', 'Process in parallel', 'Double each item', 'Double item', 'Call flaky service', 'Save summary', 'Done',
    ]));
    expect(events.find((e) => e.type === 'TaskStateExited')!.stateExitedEventDetails!.name).toBe('Validate input');
    expect(events.filter((e) => e.type === 'MapIterationSucceeded')).toHaveLength(3);
  });

  it('retries a failing task and succeeds on the second attempt', async () => {
    const body = input('retry', { urgent: true });

    const executionArn = await start('retry', body);
    const described = await finished(executionArn);

    expect(described.status).toBe('SUCCEEDED');
    expect(await readFile(body.counterFile, 'utf8')).toBe('2');
    const failures = (await history(executionArn)).filter((e) => e.type === 'TaskFailed');
    expect(failures.map((e) => e.taskFailedEventDetails)).toEqual([{
      resourceType: 'lambda', resource: 'invoke', error: 'FlakyServiceError',
      cause: JSON.stringify({ errorType: 'FlakyServiceError', errorMessage: 'the service is warming up' }),
    }]);
    expect(enteredStates(await history(executionArn))).not.toContain('Pause briefly');
  });

  it('catches a handler error and ends in the Fail state', async () => {
    const executionArn = await start('rejected', { items: [], tableName: TABLE });

    const described = await finished(executionArn);

    expect(described).toMatchObject({ status: 'FAILED', error: 'SampleRejected', cause: 'The input had no meetingId' });
    const events = await history(executionArn);
    expect(events.find((e) => e.type === 'TaskFailed')!.taskFailedEventDetails!.error).toBe('InvalidMeeting');
    expect(enteredStates(events)).toEqual(['Validate input', 'Record rejection', 'Rejected']);
    expect(events.at(-1)).toMatchObject({ type: 'ExecutionFailed', executionFailedEventDetails: { error: 'SampleRejected' } });
  });

  it('maps an aws-sdk error to its ASL name so Catch can recover from it', async () => {
    await finished(await start('first-save', input('twice', { urgent: true })));

    const described = await finished(await start('second-save', input('twice', { urgent: true, counterFile: path.join(tempDir, 'twice-2.count') })));

    expect(described.status).toBe('SUCCEEDED');
    const output = JSON.parse(described.output!);
    expect(output.alreadySaved).toBe(true);
    expect(output.saveError.Error).toBe('DynamoDb.ConditionalCheckFailedException');
    expect(output.saveError.Cause).toMatch(/\(Service: DynamoDb, Status Code: 400, Request ID: .+\)$/);
  });

  it('rejects a reused execution name with a different input', async () => {
    await finished(await start('reused', input('reused', { urgent: true })));

    await expect(start('reused', input('reused', { urgent: true, items: [9] })))
      .rejects.toMatchObject({ name: 'ExecutionAlreadyExists', $metadata: { httpStatusCode: 400 } });
    await expect(sfnService.startExecution(stateMachineArn, input('reused'), 'reused')).rejects.toMatchObject({ name: 'ExecutionAlreadyExists' });
  });

  it('lists executions by status and describes the state machine with its ASL file text', async () => {
    await finished(await start('listed', input('listed', { urgent: true })));
    await sfnService.waitForIdle();

    const succeeded = await sfn.send(new ListExecutionsCommand({ stateMachineArn, statusFilter: 'SUCCEEDED' }));
    const failed = await sfn.send(new ListExecutionsCommand({ stateMachineArn, statusFilter: 'FAILED' }));
    const machine = await sfn.send(new DescribeStateMachineCommand({ stateMachineArn }));
    const machines = await sfn.send(new ListStateMachinesCommand({}));

    expect(succeeded.executions!.map((e) => e.name)).toContain('listed');
    expect(succeeded.executions!.every((e) => e.status === 'SUCCEEDED' && e.stopDate instanceof Date)).toBe(true);
    expect(failed.executions!.map((e) => e.name)).toEqual(['rejected']);
    expect(machine.definition).toBe(await readFile(path.join(projectRoot, SAMPLE.aslFile), 'utf8'));
    expect(machines.stateMachines!.map((m) => m.name)).toEqual(['sample-under-test']);
  });

  it('answers ExecutionDoesNotExist for an unknown execution', async () => {
    const executionArn = 'arn:aws:states:us-east-1:000000000000:execution:sample-under-test:nope';

    await expect(sfn.send(new DescribeExecutionCommand({ executionArn }))).rejects.toMatchObject({ name: 'ExecutionDoesNotExist' });
  });

  describe('with executions blocked in a long Wait', () => {
    let dataDir: string;
    let slow: LocalStepFunctions | undefined;
    let slowClient: SFNClient;

    beforeEach(async () => {
      dataDir = await mkdtemp(path.join(tempDir, 'slow-'));
      // Scaled up, the one-second Wait lasts 17 minutes: the execution is surely mid-flight when the test acts.
      slow = await startLocalStepFunctions({ dataDir, projectRoot, stateMachines: [SAMPLE], waitScale: 1000, credentials });
      slowClient = new SFNClient({ endpoint: slow.endpoint, region: 'us-east-1', credentials });
    });
    afterEach(async () => {
      await slow?.stop();
      slowClient.destroy();
    });
    const waiting = (executionArn: string) => eventually(async () => {
      if (!enteredStates(await history(executionArn, slowClient)).includes('Pause briefly')) throw new Error('not waiting yet');
    });

    it('returns the same execution for a repeated start with the same name and input', async () => {
      const body = input('idempotent');
      const first = await start('idempotent', body, slowClient, slow!.arnFor('Sample'));

      const second = await start('idempotent', body, slowClient, slow!.arnFor('Sample'));

      expect(second).toBe(first);
    });

    it('stops a running execution on StopExecution', async () => {
      const executionArn = await start('stopped', input('stopped'), slowClient, slow!.arnFor('Sample'));
      await waiting(executionArn);

      await slowClient.send(new StopExecutionCommand({ executionArn, error: 'Test.Stop', cause: 'stopped by the test' }));
      await slow!.waitForIdle();

      const described = await slowClient.send(new DescribeExecutionCommand({ executionArn }));
      expect(described).toMatchObject({ status: 'ABORTED', error: 'Test.Stop', cause: 'stopped by the test' });
      expect((await history(executionArn, slowClient)).at(-1)!.type).toBe('ExecutionAborted');
    });

    it('runs at most four executions at a time and queues the rest as RUNNING', async () => {
      const arns = [];
      for (const n of [1, 2, 3, 4, 5, 6]) arns.push(await start(`queued-${n}`, input(`queued-${n}`), slowClient, slow!.arnFor('Sample')));
      await Promise.all(arns.slice(0, 4).map(waiting));

      const histories = await Promise.all(arns.map((arn) => history(arn, slowClient)));
      const listed = await slowClient.send(new ListExecutionsCommand({ stateMachineArn: slow!.arnFor('Sample'), statusFilter: 'RUNNING' }));

      expect(histories.map((events) => events.length > 0)).toEqual([true, true, true, true, false, false]);
      expect(listed.executions).toHaveLength(6);
    });

    it('restarts an execution left RUNNING by a stopped process and completes it', async () => {
      const body = input('crash');
      const executionArn = await start('crash', body, slowClient, slow!.arnFor('Sample'));
      await waiting(executionArn);

      await slow!.stop();
      slow = undefined;
      const [onDisk] = await readdir(path.join(dataDir, 'stepfunctions', 'sample-under-test'));
      const recorded = JSON.parse(await readFile(path.join(dataDir, 'stepfunctions', 'sample-under-test', onDisk!), 'utf8'));
      const resumed = await startLocalStepFunctions({ dataDir, projectRoot, stateMachines: [SAMPLE], waitScale: 0.01, credentials });
      try {
        await resumed.waitForIdle();
        const client = new SFNClient({ endpoint: resumed.endpoint, region: 'us-east-1', credentials });
        const described = await client.send(new DescribeExecutionCommand({ executionArn }));
        client.destroy();

        expect(recorded.status).toBe('RUNNING');
        expect(described.status).toBe('SUCCEEDED');
        expect(JSON.parse(described.output!).processed).toEqual({ doubled: [2, 4, 6], flaky: { attempts: 2 } });
      } finally {
        await resumed.stop();
      }
    });
  });
});
