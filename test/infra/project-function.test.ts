import { Duration, Size, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { MAIN_TABLE } from '../../lib/definitions/resources.js';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { MediaToolsLayer } from '../../lib/constructs/media-tools-layer.js';
import { bedrockModelArns, ProjectFunction } from '../../lib/constructs/project-function.js';
import { FIXTURE_ENTRY, testApp, removeTestOutdirs } from './synth-app.js';

function setUp() {
  const stack = new Stack(testApp(), 'FunctionTest');
  const table = dynamodb.Table.fromTableName(stack, 'Table', 'meetscribe-main');
  return { stack, table };
}

afterAll(removeTestOutdirs);

describe('ProjectFunction', () => {
  it('bakes in Node 22 on ARM64, X-Ray, source maps and a log group with retention', () => {
    const { stack } = setUp();
    new ProjectFunction(stack, 'Fn', { entry: FIXTURE_ENTRY });
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: 512,
      Timeout: 30,
      TracingConfig: { Mode: 'Active' },
      Environment: { Variables: { NODE_OPTIONS: '--enable-source-maps' } },
      LoggingConfig: { LogGroup: Match.anyValue() },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('sets the table variable and the grant in one call', () => {
    const { stack, table } = setUp();
    new ProjectFunction(stack, 'Fn', { entry: FIXTURE_ENTRY }).bindTable(table, MAIN_TABLE, 'R');
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: { [MAIN_TABLE.envVar]: 'meetscribe-main' } } });
    const statements = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(statements).toContain('dynamodb:Query');
    expect(statements).not.toContain('dynamodb:PutItem');
  });

  it('rejects a timeout beyond Lambda\'s 15 minutes', () => {
    const { stack } = setUp();
    expect(() => new ProjectFunction(stack, 'Fn', { entry: FIXTURE_ENTRY, timeout: Duration.minutes(16) })).toThrow(/timeout/);
  });

  it('rejects an absolute entry path', () => {
    const { stack } = setUp();
    expect(() => new ProjectFunction(stack, 'Fn', { entry: '/tmp/handler.ts' })).toThrow(/relative to the project root/);
  });

  it('rejects a MAIL_FROM without an address', () => {
    const { stack } = setUp();
    expect(() => new ProjectFunction(stack, 'Fn', { entry: FIXTURE_ENTRY }).bindMailSender('MeetScribe')).toThrow(/e-mail address/);
  });

  it('rejects /tmp beyond Lambda\'s 10 GiB', () => {
    const { stack } = setUp();
    expect(() => new ProjectFunction(stack, 'Fn', { entry: FIXTURE_ENTRY, ephemeralStorageSize: Size.gibibytes(11) })).toThrow(/ephemeralStorageSize/);
  });

  it('refuses the x86-64 media tools on an ARM64 function', () => {
    const { stack } = setUp();
    const layer = new MediaToolsLayer(stack, 'Tools');
    expect(() => new ProjectFunction(stack, 'Fn', { entry: FIXTURE_ENTRY }).bindMediaTools(layer, ['ffmpeg'])).toThrow(/x86_64/);
  });

  it('points an x86_64 function at the tools it asks for in the layer', () => {
    const { stack } = setUp();
    const layer = new MediaToolsLayer(stack, 'Tools');
    new ProjectFunction(stack, 'Fn', { entry: FIXTURE_ENTRY, architecture: lambda.Architecture.X86_64 }).bindMediaTools(layer, ['ffmpeg']);
    Template.fromStack(stack).hasResourceProperties('AWS::Lambda::Function', {
      Architectures: ['x86_64'],
      Layers: [{ Ref: Match.anyValue() }],
      Environment: { Variables: Match.objectEquals({ NODE_OPTIONS: '--enable-source-maps', FFMPEG_PATH: '/opt/bin/ffmpeg' }) },
    });
  });
});

describe('bedrockModelArns', () => {
  const stack = new Stack(testApp(), 'Arns', { env: { account: '111122223333', region: 'eu-west-1' } });

  it('names the foundation model in the stack\'s region for a plain model id', () => {
    expect(stack.resolve(bedrockModelArns(stack, 'anthropic.claude-3-haiku-20240307-v1:0').resources))
      .toEqual(['arn:aws:bedrock:eu-west-1::foundation-model/anthropic.claude-3-haiku-20240307-v1:0']);
  });

  it('names the inference profile and its model in any region for a profile id', () => {
    const { resources, anyRegionModel } = bedrockModelArns(stack, 'eu.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(JSON.stringify(stack.resolve(resources))).toContain(':bedrock:eu-west-1:111122223333:inference-profile/eu.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(JSON.stringify(stack.resolve(anyRegionModel))).toContain(':bedrock:*::foundation-model/anthropic.claude-haiku-4-5-20251001-v1:0');
  });
});
