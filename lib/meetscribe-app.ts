import type { App, Environment } from 'aws-cdk-lib';
import { API_CONTEXTS, WEBSOCKET, type ApiContextDefinition, type WebSocketDefinition } from './definitions/api.js';
import { STATE_MACHINES, type StateMachineDefinition } from './definitions/workflows.js';
import { ApiStack } from './api-stack.js';
import { PipelineStack } from './pipeline-stack.js';
import { RealtimeStack } from './realtime-stack.js';
import { StatefulStack } from './stateful-stack.js';
import { WebStack } from './web-stack.js';

export interface EnvironmentConfig {
  /** Environment name (dev, prod, ...); prefixes every stack name. */
  readonly stage: string;
  /** Sender of outgoing mail, e.g. 'MeetScribe <no-reply@example.com>'. */
  readonly mailFrom: string;
  /** Public URL when a custom domain fronts CloudFront. @default the distribution's own URL */
  readonly publicAppUrl?: string;
  /** @default - environment-agnostic stacks */
  readonly env?: Environment;
  /** @default web/dist */
  readonly siteAssetsDir?: string;
  /** Function-bearing definitions; tests point them at fixtures. @default the shared definitions */
  readonly definitions?: Partial<FunctionDefinitions>;
}

/** The definitions that name handler entry files (tables and buckets always come from resources.ts). */
export interface FunctionDefinitions {
  readonly apiContexts: readonly ApiContextDefinition[];
  readonly webSocket: WebSocketDefinition;
  readonly stateMachines: readonly StateMachineDefinition[];
}

export interface MeetScribeStacks {
  readonly stateful: StatefulStack;
  readonly web: WebStack;
  readonly pipeline: PipelineStack;
  readonly api: ApiStack;
  readonly realtime: RealtimeStack;
}

export const DEFAULT_MAIL_FROM = 'MeetScribe <no-reply@meetscribe.app>';

/** Reads the environment config from CDK context (`--context stage=prod` etc.); throws on a bad stage name. */
export function configFromContext(app: App, env?: Environment): EnvironmentConfig {
  const stage = String(app.node.tryGetContext('stage') ?? 'dev');
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) throw new Error(`Context "stage" must be lower-case letters, digits and dashes, got "${stage}".`);
  const publicAppUrl = app.node.tryGetContext('publicAppUrl') as string | undefined;
  return { stage, env, mailFrom: String(app.node.tryGetContext('mailFrom') ?? DEFAULT_MAIL_FROM), publicAppUrl };
}

/**
 * Creates one environment's stacks and wires them. Order (no cycles): stateful → web (edge:
 * distribution + API shells, owns the public URL) → pipeline → api / realtime.
 */
export function createMeetScribe(app: App, config: EnvironmentConfig): MeetScribeStacks {
  const defs = { apiContexts: API_CONTEXTS, webSocket: WEBSOCKET, stateMachines: STATE_MACHINES, ...config.definitions };
  const name = (part: string) => `MeetScribe-${config.stage}-${part}`;
  const common = { env: config.env, tags: { project: 'meetscribe', stage: config.stage } };
  const stateful = new StatefulStack(app, name('Stateful'), {
    ...common,
    uploadOrigins: config.publicAppUrl ? [config.publicAppUrl] : undefined,
  });
  const web = new WebStack(app, name('Web'), { ...common, publicAppUrl: config.publicAppUrl, siteAssetsDir: config.siteAssetsDir, webSocket: defs.webSocket,
  });
  const settings = { mailFrom: config.mailFrom, publicAppUrl: web.publicUrl };
  const pipeline = new PipelineStack(app, name('Pipeline'), { ...common, data: stateful, settings, stateMachines: defs.stateMachines });
  const api = new ApiStack(app, name('Api'), {
    ...common,
    data: stateful,
    settings,
    restApi: web.restApi,
    contexts: defs.apiContexts,
    stateMachines: pipeline.stateMachines,
    stateMachineDefinitions: defs.stateMachines,
  });
  const realtime = new RealtimeStack(app, name('Realtime'), {
    ...common, data: stateful, settings, webSocketApi: web.webSocketApi, definition: defs.webSocket,
  });
  return { stateful, web, pipeline, api, realtime };
}
