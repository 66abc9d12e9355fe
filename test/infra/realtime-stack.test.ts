import { Match, Template } from 'aws-cdk-lib/assertions';
import { WEBSOCKET, WEBSOCKET_CALLBACK_ENV } from '../../lib/definitions/api.js';
import { AUTH_SECRET, MAIN_TABLE } from '../../lib/definitions/resources.js';
import { testStacks, removeTestOutdirs } from './synth-app.js';

const template = Template.fromStack(testStacks().stacks.realtime);

afterAll(removeTestOutdirs);

describe('RealtimeStack', () => {
  it('routes $connect, $disconnect and $default to Lambda proxy integrations', () => {
    for (const routeKey of Object.keys(WEBSOCKET.routes)) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: routeKey, Target: Match.anyValue() });
    }
    template.resourceCountIs('AWS::ApiGatewayV2::Route', 3);
    template.resourcePropertiesCountIs('AWS::ApiGatewayV2::Integration', { IntegrationType: 'AWS_PROXY' }, 3);
  });

  it('deploys the stage the definition names, with access logs and throttling', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: WEBSOCKET.stage,
      AutoDeploy: true,
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 50 }),
    });
  });

  it('gives each function the table, and the https callback URL of the stage to those that post back', () => {
    const envOf = (key: keyof typeof WEBSOCKET.routes) => Object.values(template.findResources('AWS::Lambda::Function'))
      .find((r) => r.Properties.Description === `WebSocket ${key}`)!.Properties.Environment.Variables;
    for (const key of ['$disconnect', '$default'] as const) {
      const env = envOf(key);
      expect(env[MAIN_TABLE.envVar]).toBeDefined();
      const callback = JSON.stringify(env[WEBSOCKET_CALLBACK_ENV]);
      expect(callback).toMatch(/^\{"Fn::Join":\["",\["https:\/\/",/);
      expect(callback).toContain(`/${WEBSOCKET.stage}"`);
    }
    expect(Object.keys(envOf('$connect')).sort()).toEqual([AUTH_SECRET.envVar, MAIN_TABLE.envVar, 'NODE_OPTIONS'].sort());
  });

  it('lets only the functions that post back reach connections, of that stage only', () => {
    template.resourcePropertiesCountIs('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({
        Action: 'execute-api:ManageConnections',
        Resource: { 'Fn::Join': ['', Match.arrayWith([`/${WEBSOCKET.stage}/*/@connections/*`])] },
      })]) },
    }, 2);
  });
});
