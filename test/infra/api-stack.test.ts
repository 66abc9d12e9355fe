import { Match, Template } from 'aws-cdk-lib/assertions';
import { API_CONTEXTS } from '../../lib/definitions/api.js';
import { BUCKETS, SECRETS, TABLES } from '../../lib/definitions/resources.js';
import { STATE_MACHINES } from '../../lib/definitions/workflows.js';
import { testStacks, removeTestOutdirs } from './synth-app.js';

const { stacks } = testStacks();
const template = Template.fromStack(stacks.api);

/** Path parts of every API Gateway resource in the template, e.g. ['api', 'users', '{proxy+}']. */
function resourcePaths(): string[] {
  const resources = template.findResources('AWS::ApiGateway::Resource');
  const parentOf = (id: string): string[] => {
    const props = resources[id].Properties;
    const parent = props.ParentId.Ref ? parentOf(props.ParentId.Ref) : [];
    return [...parent, props.PathPart];
  };
  return Object.keys(resources).map((id) => parentOf(id).join('/'));
}

afterAll(removeTestOutdirs);

describe('ApiStack', () => {
  it('creates one Node 22 ARM64 function per API context', () => {
    template.resourcePropertiesCountIs('AWS::Lambda::Function', { Runtime: 'nodejs22.x', Architectures: ['arm64'] }, API_CONTEXTS.length);
    template.resourceCountIs('AWS::Lambda::Function', API_CONTEXTS.length);
  });

  it('routes /api/<segment> and /api/<segment>/{proxy+} for every path segment', () => {
    const paths = resourcePaths();
    for (const segment of API_CONTEXTS.flatMap((c) => c.pathSegments)) {
      expect(paths).toEqual(expect.arrayContaining([`api/${segment}`, `api/${segment}/{proxy+}`]));
    }
    const segments = API_CONTEXTS.flatMap((c) => c.pathSegments).length;
    template.resourcePropertiesCountIs('AWS::ApiGateway::Method', {
      HttpMethod: 'ANY',
      Integration: { Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' },
    }, segments * 2);
  });

  it('gives every function the table, bucket, secret, state machine, mail and site settings', () => {
    const names = [...TABLES.map((d) => d.envVar), ...SECRETS.map((d) => d.envVar), ...BUCKETS.map((d) => d.envVar), ...STATE_MACHINES.map((d) => d.envVar), 'MAIL_FROM', 'PUBLIC_APP_URL'];
    const functions = template.findResources('AWS::Lambda::Function');
    for (const fn of Object.values(functions)) {
      expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(names));
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    }
  });

  it('grants read-write access to each table index without wildcards', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({
        Action: Match.arrayWith(['dynamodb:PutItem', 'dynamodb:Query']),
        Resource: Match.arrayWith(TABLES[0].globalSecondaryIndexes.map((i) => ({ 'Fn::Join': ['', [Match.anyValue(), `/index/${i.indexName}`]] }))),
      })]) },
    });
  });

  it('deploys a throttled, access-logged, traced stage with the name the distribution forwards to', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: stacks.web.restApi.stageName,
      TracingEnabled: true,
      AccessLogSetting: Match.objectLike({ DestinationArn: Match.anyValue() }),
      MethodSettings: [Match.objectLike({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200, LoggingLevel: 'ERROR' })],
    });
  });
});
