import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { WEBSOCKET, type WebSocketDefinition } from './definitions/api.js';
import { acknowledgeNag } from './constructs/nag.js';
import { ProjectFunction } from './constructs/project-function.js';
import { bindNeeds, type AppSettings, type DataProps } from './function-bindings.js';
import { specFor, WEBSOCKET_NEEDS, type FunctionSpec } from './function-needs.js';

export interface RealtimeStackProps extends StackProps, DataProps {
  readonly settings: AppSettings;
  /** The WebSocket API shell created by the web stack. */
  readonly webSocketApi: apigwv2.IWebSocketApi;
  /** @default WEBSOCKET */
  readonly definition?: WebSocketDefinition;
  /** Needs and sizing per route key. @default WEBSOCKET_NEEDS */
  readonly routeNeeds?: Readonly<Record<string, FunctionSpec>>;
}

const ROUTE_IDS = { $connect: 'Connect', $disconnect: 'Disconnect', $default: 'Message' } as const;

/** The live-room WebSocket: one function per route, all allowed to post back to connections. */
export class RealtimeStack extends Stack {
  /** Functions keyed by route key ($connect, $disconnect, $default). */
  public readonly functions: Readonly<Record<keyof typeof ROUTE_IDS, ProjectFunction>>;
  public readonly stage: apigwv2.WebSocketStage;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const def = props.definition ?? WEBSOCKET;
    const routeKeys = Object.keys(ROUTE_IDS) as (keyof typeof ROUTE_IDS)[];
    const routes: apigwv2.WebSocketRoute[] = [];
    const functions = {} as Record<keyof typeof ROUTE_IDS, ProjectFunction>;
    for (const routeKey of routeKeys) {
      const name = ROUTE_IDS[routeKey];
      const spec = specFor(props.routeNeeds ?? WEBSOCKET_NEEDS, routeKey, 'WebSocket route');
      const fn = new ProjectFunction(this, name, {
        entry: def.routes[routeKey], description: `WebSocket ${routeKey}`, memorySize: spec.memorySize, timeout: spec.timeout,
      });
      bindNeeds(fn, spec, { ...props, webSocket: { bind: (f) => f.bindWebSocketApi(props.webSocketApi, def.stage) } });
      routes.push(new apigwv2.WebSocketRoute(this, `${name}Route`, {
        webSocketApi: props.webSocketApi,
        routeKey,
        integration: new WebSocketLambdaIntegration(`${name}Integration`, fn.function),
      }));
      functions[routeKey] = fn;
    }
    this.functions = functions;
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: props.webSocketApi,
      stageName: def.stage,
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(
          new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY })),
      },
    });
    routes.forEach((route) => this.stage.node.addDependency(route));
    for (const route of routes) {
      acknowledgeNag(route, 'AwsSolutions-APIG4',
        'The $connect handler verifies the access token passed on the query string and rejects the upgrade otherwise.');
    }
  }
}
