import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { API_CONTEXTS, WEBSOCKET } from '../../lib/definitions/api.js';
import { PROCESS_MEETING } from '../../lib/definitions/workflows.js';
import type { ProjectFunction } from '../../lib/constructs/project-function.js';
import { createMeetScribe, type MeetScribeStacks } from '../../lib/meetscribe-app.js';
import { COMMAND_ACTIONS, EXACT_SERVICES, handlerReads, type HandlerReads } from './handler-reads.js';
import { removeTestOutdirs, testApp } from './synth-app.js';

/** Variables the Lambda runtime sets, and ours that no handler reads. */
const RUNTIME_VARS = new Set(['AWS_REGION']);
const OURS = new Set(['NODE_OPTIONS']);
/** The local edition's alternative to OPENSEARCH_ENDPOINT. */
const LOCAL_ONLY = new Set(['SEARCH_INDEX_DIR']);

interface Deployed { readonly env: Record<string, unknown>; readonly actions: Set<string>; readonly props: Record<string, unknown> }

/** The real app (real handler entries, bundling skipped) with Bedrock notes and a TURN server, so every optional binding shows. */
const stacks: MeetScribeStacks = createMeetScribe(testApp(), {
  stage: 'needs',
  mailFrom: 'MeetScribe <no-reply@meetscribe.example>',
  ice: { stunUrls: ['stun:stun.example.org:3478'], turnUrls: ['turn:turn.example.org:3478'] },
  notes: { engine: 'bedrock', modelId: 'anthropic.claude-3-haiku-20240307-v1:0' },
});
const templates = new Map<Stack, Template>();
const templateOf = (stack: Stack) => templates.get(stack) ?? templates.set(stack, Template.fromStack(stack)).get(stack)!;

function deployed(pf: ProjectFunction): Deployed {
  const stack = Stack.of(pf);
  const json = templateOf(stack).toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
  const fnId = stack.getLogicalId(pf.function.node.defaultChild as lambda.CfnFunction);
  const roleId = stack.getLogicalId(pf.function.role!.node.defaultChild as never);
  const actions = new Set<string>();
  for (const resource of Object.values(json)) {
    if (resource.Type !== 'AWS::IAM::Policy' || !JSON.stringify(resource.Properties.Roles).includes(`"${roleId}"`)) continue;
    for (const statement of resource.Properties.PolicyDocument.Statement) [statement.Action].flat().forEach((a: string) => actions.add(a));
  }
  return { env: json[fnId].Properties.Environment.Variables, actions, props: json[fnId].Properties };
}

const functions: [string, string, ProjectFunction][] = [
  ...API_CONTEXTS.map((c) => [`API ${c.id}`, c.entry, stacks.api.functions[c.id]] as [string, string, ProjectFunction]),
  ...(Object.keys(WEBSOCKET.routes) as (keyof typeof WEBSOCKET.routes)[]).map((key) => [`WebSocket ${key}`, WEBSOCKET.routes[key], stacks.realtime.functions[key]] as [string, string, ProjectFunction]),
  ...Object.entries(PROCESS_MEETING.lambdaTasks).map(([key, entry]) => [`task ${key}`, entry, stacks.pipeline.taskFunctions[PROCESS_MEETING.id][key]] as [string, string, ProjectFunction]),
];
const reads = new Map<string, HandlerReads>();

beforeAll(async () => {
  for (const [, entry] of functions) reads.set(entry, await handlerReads(entry));
});
afterAll(removeTestOutdirs);

describe('each function of the app', () => {
  it.each(functions)('%s gets every variable its code requires and none it never reads', (_name, entry, pf) => {
    const code = reads.get(entry)!;
    const env = Object.keys(deployed(pf).env);
    const missing = [...code.required].filter((key) => !RUNTIME_VARS.has(key) && !env.includes(key));
    const unread = env.filter((key) => !code.required.has(key) && !code.optional.has(key) && !OURS.has(key));
    expect({ missing, unread }).toEqual({ missing: [], unread: [] });
    expect([...code.optional].filter((key) => LOCAL_ONLY.has(key) && env.includes(key))).toEqual([]);
  });

  it.each(functions)('%s may make each SDK call its code makes, and holds no other service grant', (_name, entry, pf) => {
    const code = reads.get(entry)!;
    const { actions } = deployed(pf);
    const needed = new Set([...code.commands].flatMap((c) => (COMMAND_ACTIONS[c] ? [COMMAND_ACTIONS[c]] : [])));
    if (code.openSearch) needed.add('aoss:APIAccessAll');
    expect([...needed].filter((a) => !actions.has(a))).toEqual([]);
    const spare = [...actions].filter((a) => EXACT_SERVICES.includes(a.split(':')[0]) && !needed.has(a));
    expect(spare).toEqual([]);
  });

  it.each(functions)('%s runs on x86_64 with the media tools layer exactly when its code runs ffmpeg or ffprobe', (_name, entry, pf) => {
    const code = reads.get(entry)!;
    const { env, props } = deployed(pf);
    const usesTools = [...code.runtimeRequires].some((p) => /^@(ffmpeg|ffprobe)-installer\//.test(p));
    expect(props.Architectures).toEqual([usesTools ? 'x86_64' : 'arm64']);
    expect(Boolean(props.Layers)).toBe(usesTools);
    if (usesTools) {
      for (const p of code.runtimeRequires) {
        if (p === '@ffmpeg-installer/ffmpeg') expect(env.FFMPEG_PATH).toBe('/opt/bin/ffmpeg');
        if (p === '@ffprobe-installer/ffprobe') expect(env.FFPROBE_PATH).toBe('/opt/bin/ffprobe');
      }
    }
  });
});

describe('model files in the bundles', () => {
  it.each(functions)('%s carries USE Lite\'s packages and the notes model\'s weights exactly when its code loads them', (_name, entry, pf) => {
    const code = reads.get(entry)!;
    expect({ embeddings: pf.models.embeddings === true || pf.models.notesModel === true, notesModel: pf.models.notesModel === true }).toEqual({
      embeddings: code.modules.has('functions/adapters/embeddings/use-lite.ts'),
      notesModel: code.modules.has('functions/adapters/notes-model/engine.ts'),
    });
  });
});

describe('function sizing', () => {
  it('gives the ffmpeg tasks 15 minutes and 10 GiB of /tmp for a 2 GiB recording', () => {
    for (const key of ['ProbeMediaFunctionArn', 'ExtractAudioFunctionArn', 'ExtractFramesFunctionArn']) {
      const { props } = deployed(stacks.pipeline.taskFunctions[PROCESS_MEETING.id][key]);
      expect({ key, timeout: props.Timeout, tmp: props.EphemeralStorage, memory: (props.MemorySize as number) >= 2048 })
        .toEqual({ key, timeout: 900, tmp: { Size: 10240 }, memory: true });
    }
  });

  it('gives the account functions at least 256 MB for scrypt', () => {
    expect(deployed(stacks.api.functions.AuthUsers).props.MemorySize).toBeGreaterThanOrEqual(256);
  });

  it('ships one media tools layer for x86_64 Node 22', () => {
    const template = templateOf(stacks.pipeline);
    template.resourceCountIs('AWS::Lambda::LayerVersion', 1);
    template.hasResourceProperties('AWS::Lambda::LayerVersion', { CompatibleArchitectures: ['x86_64'], CompatibleRuntimes: ['nodejs22.x'] });
  });
});

describe('the processing state machine of the real app', () => {
  const template = () => templateOf(stacks.pipeline);
  const roleStatements = () => {
    const machine = Object.values(template().findResources('AWS::StepFunctions::StateMachine'))[0];
    const roleId = machine.Properties.RoleArn['Fn::GetAtt'][0];
    return Object.values(template().findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
  };

  it('may start and poll Transcribe jobs', () => {
    const actions = roleStatements().flatMap((s) => [s.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(['transcribe:StartTranscriptionJob', 'transcribe:GetTranscriptionJob']));
  });

  it('may read the media and write the output Transcribe handles with its permissions', () => {
    const objectStatement = roleStatements().find((s) => [s.Action].flat().includes('s3:GetObject'));
    expect([objectStatement?.Action].flat()).toEqual(expect.arrayContaining(['s3:GetObject', 's3:PutObject']));
    expect(JSON.stringify(objectStatement?.Resource)).toContain('/*');
  });

  it('holds no table access, as the ASL makes no DynamoDB call', () => {
    expect(roleStatements().flatMap((s) => [s.Action].flat()).filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
  });

  it('lets the indexing tasks write the search indices through the stack\'s data access policy', () => {
    const [policy] = Object.values(template().findResources('AWS::OpenSearchServerless::AccessPolicy'));
    const rendered = JSON.stringify(policy.Properties.Policy);
    for (const key of ['IndexSpokenWordsFunctionArn', 'IndexFramesFunctionArn']) {
      const role = stacks.pipeline.taskFunctions[PROCESS_MEETING.id][key].function.role!;
      expect(rendered).toContain(stacks.pipeline.getLogicalId(role.node.defaultChild as never));
    }
    expect(rendered).toContain('aoss:WriteDocument');
    expect(rendered).toContain('index/ms-needs-search/meetscribe-*');
  });
});

describe('the notes task with Bedrock chosen', () => {
  it('may invoke the configured model and no other', () => {
    const notes = stacks.pipeline.taskFunctions[PROCESS_MEETING.id].GenerateNotesFunctionArn;
    expect(deployed(notes).env).toMatchObject({ NOTES_ENGINE: 'bedrock', BEDROCK_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0' });
    templateOf(stacks.pipeline).hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({
        Action: 'bedrock:InvokeModel',
        Resource: { 'Fn::Join': ['', Match.arrayWith([':bedrock:', '::foundation-model/anthropic.claude-3-haiku-20240307-v1:0'])] },
      })]) },
    });
  });
});
