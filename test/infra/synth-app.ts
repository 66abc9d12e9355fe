import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { API_CONTEXTS, WEBSOCKET } from '../../lib/definitions/api.js';
import { IMPORT_RECORDING, PROCESS_MEETING, type StateMachineDefinition } from '../../lib/definitions/workflows.js';
import type { FunctionSpec } from '../../lib/function-needs.js';
import { createMeetScribe, type EnvironmentConfig, type FunctionDefinitions, type MeetScribeStacks } from '../../lib/meetscribe-app.js';
import { PROJECT_ROOT } from '../../lib/project-root.js';

const CDK_CONTEXT = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')).context as Record<string, unknown>;

/** Entry every test function points at, so stack tests do not wait on the real handlers. */
export const FIXTURE_ENTRY = 'test/infra/fixtures/handler.ts';
export const SAMPLE_ASL = 'test/fixtures/statemachines/sample.asl.json';

/** A state machine definition on the shared sample ASL, one fixture task per `${...FunctionArn}` it names. */
export function sampleStateMachine(base: StateMachineDefinition = PROCESS_MEETING): StateMachineDefinition {
  const asl = fs.readFileSync(path.join(PROJECT_ROOT, SAMPLE_ASL), 'utf8');
  const keys = [...new Set([...asl.matchAll(/\$\{(\w+FunctionArn)\}/g)].map((m) => m[1]))];
  return { ...base, aslFile: SAMPLE_ASL, lambdaTasks: Object.fromEntries(keys.map((k) => [k, FIXTURE_ENTRY])) };
}

/** Needs of the sample tasks: the table and the media bucket, like most pipeline tasks. */
export function sampleTaskNeeds(definition = sampleStateMachine()): Record<string, FunctionSpec> {
  return Object.fromEntries(Object.keys(definition.lambdaTasks).map((key) => [key, { table: 'RW', media: 'RW' }]));
}

/** The shared definitions with every entry pointed at the fixture and the sample ASL. */
export function fixtureDefinitions(): FunctionDefinitions {
  return {
    apiContexts: API_CONTEXTS.map((context) => ({ ...context, entry: FIXTURE_ENTRY })),
    webSocket: { ...WEBSOCKET, routes: { $connect: FIXTURE_ENTRY, $disconnect: FIXTURE_ENTRY, $default: FIXTURE_ENTRY } },
    stateMachines: [sampleStateMachine(), sampleStateMachine(IMPORT_RECORDING)],
    taskNeeds: sampleTaskNeeds(),
  };
}

const outdirs: string[] = [];

/** Removes the cloud assemblies the test file synthesised (call from afterAll). */
export function removeTestOutdirs(): void {
  for (const dir of outdirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * An App with the project's feature flags (cdk.json) and bundling skipped, writing to a temp dir.
 * `fullValidation: false` skips CDK's built-in CloudFormation rule check (about 10 s of warm-up per
 * test file); the cdk-nag test keeps it so it sees exactly what `cdk synth` sees.
 */
export function testApp({ fullValidation = false } = {}): App {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'meetscribe-cdk-'));
  outdirs.push(outdir);
  const validation = fullValidation ? {} : { '@aws-cdk/core:validateAgainstDefaultRules': false };
  return new App({ outdir, context: { ...CDK_CONTEXT, ...validation, 'aws:cdk:bundling-stacks': [] } });
}

/** The whole app as bin/app.ts wires it, on fixture entries, without an SPA build unless given. */
export function testStacks(overrides: Partial<EnvironmentConfig> = {}, app: App = testApp()): { app: App; stacks: MeetScribeStacks } {
  const stacks = createMeetScribe(app, {
    stage: 'test',
    mailFrom: 'MeetScribe <no-reply@meetscribe.example>',
    siteAssetsDir: path.join(os.tmpdir(), 'meetscribe-no-site'),
    definitions: fixtureDefinitions(),
    ...overrides,
  });
  return { app, stacks };
}
