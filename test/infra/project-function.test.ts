import { Duration, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { MAIN_TABLE } from '../../lib/definitions/resources.js';
import { ProjectFunction } from '../../lib/constructs/project-function.js';
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
});
