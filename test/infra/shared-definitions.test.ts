import * as fs from 'node:fs';
import { Template } from 'aws-cdk-lib/assertions';
import { API_CONTEXTS, WEBSOCKET } from '../../lib/definitions/api.js';
import { STATE_MACHINES } from '../../lib/definitions/workflows.js';
import { serviceCallsOf } from '../../lib/asl-integrations.js';
import { createMeetScribe } from '../../lib/meetscribe-app.js';
import { projectPath } from '../../lib/project-root.js';
import { testApp, removeTestOutdirs } from './synth-app.js';

const files = [
  ...API_CONTEXTS.map((c) => c.entry),
  ...Object.values(WEBSOCKET.routes),
  ...STATE_MACHINES.flatMap((m) => [m.aslFile, ...Object.values(m.lambdaTasks)]),
];

afterAll(removeTestOutdirs);

describe('the shared definitions', () => {
  it.each(files)('name a file that exists: %s', (file) => {
    expect(fs.existsSync(projectPath(file))).toBe(true);
  });

  it.each(STATE_MACHINES.map((m) => [m.id, m] as const))('give %s a task for every ${...FunctionArn} its ASL uses', (_id, machine) => {
    const asl = fs.readFileSync(projectPath(machine.aslFile), 'utf8');
    const used = [...new Set([...asl.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]))].sort();
    expect(used).toEqual(Object.keys(machine.lambdaTasks).sort());
    expect(() => serviceCallsOf(projectPath(machine.aslFile))).not.toThrow();
  });

  it('build the whole app as bin/app.ts does', () => {
    const stacks = createMeetScribe(testApp(), { stage: 'dev', mailFrom: 'MeetScribe <no-reply@meetscribe.example>' });
    Template.fromStack(stacks.api).resourceCountIs('AWS::Lambda::Function', API_CONTEXTS.length);
  });
});
