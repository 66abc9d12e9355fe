import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  loadStateMachine, prepareForEngine, substituteDefinition, timingOverrides, walkStates, type AslDefinition,
} from '../../../local/stepfunctions/definition.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const scope = { region: 'us-east-1', accountId: '000000000000' };

const nested: AslDefinition = {
  StartAt: 'Fan out',
  States: {
    'Fan out': {
      Type: 'Parallel',
      Branches: [
        { StartAt: 'Pause', States: { Pause: { Type: 'Wait', Seconds: 10, Next: 'Work' }, Work: { Type: 'Task', Resource: 'x', Retry: [{ ErrorEquals: ['States.ALL'], IntervalSeconds: 2 }, { ErrorEquals: ['B'] }], End: true } } },
        { StartAt: 'Each', States: { Each: { Type: 'Map', ItemProcessor: { StartAt: 'Item', States: { Item: { Type: 'Task', Resource: 'y', End: true } } }, End: true } } },
      ],
      Next: 'Legacy map',
    },
    'Legacy map': { Type: 'Map', Iterator: { StartAt: 'Old item', States: { 'Old item': { Type: 'Pass', End: true } } }, Next: 'Until' },
    Until: { Type: 'Wait', TimestampPath: '$.at', Next: 'Bounded' },
    Bounded: { Type: 'Task', Resource: 'z', TimeoutSeconds: 30, End: true },
  },
};

describe('substituteDefinition', () => {
  it('replaces every placeholder with its value', () => {
    expect(substituteDefinition('{"a":"${One}","b":"${Two}","c":"${One}"}', { One: '1', Two: '2' })).toBe('{"a":"1","b":"2","c":"1"}');
  });

  it('names every placeholder that has no value', () => {
    expect(() => substituteDefinition('"${One}" "${Missing}" "${Other}"', { One: '1' })).toThrow('No definition substitution for ${Missing}, ${Other}');
  });
});

describe('walkStates', () => {
  it('visits states inside Parallel branches and Map processors, old and new style', () => {
    expect(walkStates(nested).map((s) => s.name)).toEqual(['Fan out', 'Pause', 'Work', 'Each', 'Item', 'Legacy map', 'Old item', 'Until', 'Bounded']);
  });
});

describe('timingOverrides', () => {
  it('scales Wait seconds and every retrier interval, defaulting IntervalSeconds to 1', () => {
    const { waitTimeOverrides, retryIntervalOverrides } = timingOverrides(nested, 0.01);

    expect(waitTimeOverrides).toEqual({ Pause: 100 });
    expect(retryIntervalOverrides).toEqual({ Work: [20, 10] });
  });

  it('zeroes path- and timestamp-based waits only when the scale is zero', () => {
    expect(timingOverrides(nested, 0).waitTimeOverrides).toEqual({ Pause: 0, Until: 0 });
  });

  it('overrides nothing at scale 1', () => {
    expect(timingOverrides(nested, 1)).toEqual({ waitTimeOverrides: {}, retryIntervalOverrides: {} });
  });
});

describe('prepareForEngine', () => {
  it('gives Task states without a timeout a practically unbounded one and keeps explicit timeouts', () => {
    const prepared = walkStates(prepareForEngine(nested));

    expect(prepared.filter((s) => s.state.Type === 'Task').map((s) => [s.name, s.state.TimeoutSeconds])).toEqual([
      ['Work', 2_000_000], ['Item', 2_000_000], ['Bounded', 30],
    ]);
    expect(walkStates(nested).find((s) => s.name === 'Work')!.state.TimeoutSeconds).toBeUndefined();
  });
});

describe('loadStateMachine', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sfn-definition-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('substitutes Lambda ARNs named after the keys and maps them to handler entries', async () => {
    const loaded = await loadStateMachine(projectRoot, {
      id: 'S', envVar: 'S_ARN', localName: 's', aslFile: 'test/fixtures/statemachines/sample.asl.json',
      lambdaTasks: { ValidateSampleFunctionArn: 'a.ts', DoubleSampleFunctionArn: 'b.ts', FlakySampleFunctionArn: 'c.ts' },
    }, scope);

    expect(loaded.definition.States['Validate input']!.Resource).toBe('arn:aws:lambda:us-east-1:000000000000:function:ValidateSample');
    expect([...loaded.functions]).toEqual([['ValidateSample', 'a.ts'], ['DoubleSample', 'b.ts'], ['FlakySample', 'c.ts']]);
    expect(loaded.fileText).toContain('"Resource": "${ValidateSampleFunctionArn}"');
  });

  it('rejects a JSONata state machine', async () => {
    await writeFile(path.join(dir, 'jsonata.asl.json'), JSON.stringify({ QueryLanguage: 'JSONata', StartAt: 'A', States: { A: { Type: 'Pass', End: true } } }));

    await expect(loadStateMachine(dir, { id: 'J', envVar: 'J', localName: 'j', aslFile: 'jsonata.asl.json', lambdaTasks: {} }, scope))
      .rejects.toThrow('JSONata is not supported');
  });

  it('rejects two different states sharing a name in different branches', async () => {
    const branch = (resource: string) => ({ StartAt: 'Same', States: { Same: { Type: 'Task', Resource: resource, End: true } } });
    await writeFile(path.join(dir, 'dup.asl.json'), JSON.stringify({ StartAt: 'P', States: { P: { Type: 'Parallel', Branches: [branch('a'), branch('b')], End: true } } }));

    await expect(loadStateMachine(dir, { id: 'D', envVar: 'D', localName: 'd', aslFile: 'dup.asl.json', lambdaTasks: {} }, scope))
      .rejects.toThrow("state name 'Same' is used by two different states");
  });
});
