import * as fs from 'node:fs';
import * as path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { API_CONTEXTS } from '../../lib/definitions/api.js';
import { MEDIA_BUCKET } from '../../lib/definitions/resources.js';
import { API_NEEDS } from '../../lib/function-needs.js';
import { projectPath } from '../../lib/project-root.js';
import { sampleStateMachine, sampleTaskNeeds, testStacks, removeTestOutdirs } from './synth-app.js';

const definition = sampleStateMachine();
// One state machine only, so the API contexts that start imports (they need the import machine) are left out.
const apiContexts = API_CONTEXTS.filter((context) => !API_NEEDS[context.id]?.imports);
const { app, stacks } = testStacks({ definitions: { stateMachines: [definition], taskNeeds: sampleTaskNeeds(definition), apiContexts } as never });
const template = Template.fromStack(stacks.pipeline);
const [machineId] = Object.keys(template.findResources('AWS::StepFunctions::StateMachine'));
const machine = template.toJSON().Resources[machineId];

afterAll(removeTestOutdirs);

describe('PipelineStack', () => {
  it('creates one Node 22 ARM64 function per lambda task of the definition', () => {
    const tasks = Object.keys(definition.lambdaTasks).length;
    expect(tasks).toBeGreaterThan(0);
    template.resourcePropertiesCountIs('AWS::Lambda::Function', { Runtime: 'nodejs22.x', Architectures: ['arm64'] }, tasks);
  });

  it('substitutes every task key with its function ARN and logs ALL with tracing', () => {
    const substitutions = machine.Properties.DefinitionSubstitutions;
    expect(Object.keys(substitutions).sort()).toEqual(Object.keys(definition.lambdaTasks).sort());
    for (const value of Object.values(substitutions)) expect(value).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Arn'] });
    expect(machine.Properties.LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: true });
    expect(machine.Properties.TracingConfiguration).toEqual({ Enabled: true });
  });

  it('deploys the very ASL file the definition names', () => {
    const key: string = machine.Properties.DefinitionS3Location.Key;
    const hash = key.replace(/\.json$/, '');
    const manifest = JSON.parse(fs.readFileSync(path.join(app.outdir, `${stacks.pipeline.artifactId}.assets.json`), 'utf8'));
    const staged = path.join(app.outdir, manifest.files[hash].source.path);
    expect(fs.readFileSync(staged, 'utf8')).toBe(fs.readFileSync(projectPath(definition.aslFile), 'utf8'));
  });

  it('grants invoke on exactly the task functions', () => {
    const roleId = machine.Properties.RoleArn['Fn::GetAtt'][0];
    const policy = Object.values(template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } }))[0];
    const invoke = policy.Properties.PolicyDocument.Statement.filter((s: { Action: unknown }) => JSON.stringify(s.Action).includes('lambda:InvokeFunction'));
    const byId = (a: { 'Fn::GetAtt': string[] }, b: { 'Fn::GetAtt': string[] }) => a['Fn::GetAtt'][0].localeCompare(b['Fn::GetAtt'][0]);
    expect(invoke).toHaveLength(1);
    expect(invoke[0].Action).toBe('lambda:InvokeFunction');
    expect([...invoke[0].Resource].sort(byId)).toEqual([...Object.values(machine.Properties.DefinitionSubstitutions)].sort(byId as never));
  });

  it('grants the DynamoDB calls the ASL makes directly (the sample puts an item)', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: machine.Properties.RoleArn['Fn::GetAtt'][0] }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: Match.arrayWith(['dynamodb:PutItem']) })]) },
    });
  });

  it('starts the state machine for objects created under each trigger prefix of the bucket', () => {
    const [trigger] = MEDIA_BUCKET.triggers;
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.s3'],
        'detail-type': ['Object Created'],
        detail: { bucket: { name: [Match.anyValue()] }, object: { key: [{ prefix: trigger.prefix }] } },
      },
      Targets: [Match.objectLike({ Arn: { Ref: machineId } })],
    });
  });
});
