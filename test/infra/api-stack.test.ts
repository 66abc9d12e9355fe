import { Match, Template } from 'aws-cdk-lib/assertions';
import { API_CONTEXTS } from '../../lib/definitions/api.js';
import { TABLES } from '../../lib/definitions/resources.js';
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

  it('gives each context only the settings its needs declare', () => {
    const envOf = (id: string) => {
      const logicalId = stacks.api.getLogicalId(stacks.api.functions[id].function.node.defaultChild as never);
      return Object.keys(template.toJSON().Resources[logicalId].Properties.Environment.Variables).sort();
    };
    expect(envOf('Surveys')).toEqual(['NODE_OPTIONS', 'TABLE_NAME']);
    expect(envOf('AuthUsers')).toEqual([
      'AUTH_SECRET_ID', 'BASICOPS_SECRET_ID', 'IMPORT_RECORDING_STATE_MACHINE_ARN', 'INTEGRATIONS_KEY_SECRET_ID', 'MAIL_FROM', 'NODE_OPTIONS', 'PUBLIC_APP_URL',
      'STRIPE_SECRET_KEY_ID', 'STRIPE_WEBHOOK_SECRET_ID', 'TABLE_NAME', 'TODOIST_SECRET_ID', 'WEBEX_SECRET_ID', 'ZOOM_SECRET_ID',
    ]);
    expect(envOf('Webhooks')).toEqual([
      'AUTH_SECRET_ID', 'BASICOPS_SECRET_ID', 'IMPORT_RECORDING_STATE_MACHINE_ARN', 'INTEGRATIONS_KEY_SECRET_ID', 'MEDIA_BUCKET', 'NODE_OPTIONS', 'PUBLIC_APP_URL',
      'STRIPE_SECRET_KEY_ID', 'STRIPE_WEBHOOK_SECRET_ID', 'TABLE_NAME', 'TODOIST_SECRET_ID', 'WEBEX_SECRET_ID', 'ZOOM_SECRET_ID',
    ]);
    expect(envOf('Search')).toEqual(['AUTH_SECRET_ID', 'MEDIA_BUCKET', 'NODE_OPTIONS', 'OPENSEARCH_ENDPOINT', 'TABLE_NAME']);
    expect(envOf('Meetings')).toEqual(expect.arrayContaining([STATE_MACHINES[0].envVar, 'ICE_STUN_URLS', 'ICE_TURN_SECRET_ID', 'OPENSEARCH_ENDPOINT', 'TODOIST_SECRET_ID', 'BASICOPS_SECRET_ID']));
    for (const fn of Object.values(template.findResources('AWS::Lambda::Function'))) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
  });

  it('lets the search users into the collection through one data access policy naming their roles', () => {
    const policies = Object.values(template.findResources('AWS::OpenSearchServerless::AccessPolicy'));
    expect(policies).toHaveLength(1);
    const rendered = JSON.stringify(policies[0].Properties.Policy);
    for (const id of ['Search', 'Meetings']) expect(rendered).toContain(stacks.api.getLogicalId(stacks.api.functions[id].function.role!.node.defaultChild as never));
    expect(rendered).not.toContain(stacks.api.getLogicalId(stacks.api.functions.Surveys.function.role!.node.defaultChild as never));
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'aoss:APIAccessAll' })]) },
    });
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
