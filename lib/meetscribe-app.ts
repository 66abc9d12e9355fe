import type { App, Environment } from 'aws-cdk-lib';
import { API_CONTEXTS, WEBSOCKET, type ApiContextDefinition, type WebSocketDefinition } from './definitions/api.js';
import { STATE_MACHINES, type StateMachineDefinition } from './definitions/workflows.js';
import type { IceServerSettings, NotesEngineSettings } from './constructs/project-function.js';
import { TASK_NEEDS, type FunctionSpec } from './function-needs.js';
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
  /** STUN/TURN servers for the live room. @default DEFAULT_ICE (a public STUN server, no TURN) */
  readonly ice?: IceServerSettings;
  /** @default { engine: 'extractive' } (on-box notes, no Bedrock) */
  readonly notes?: NotesEngineSettings;
  /** Standby replicas for the search collection (doubles its minimum capacity). @default true */
  readonly searchStandbyReplicas?: boolean;
  /** Stripe publishable key (pk_…) the SPA loads Stripe.js with (context `stripePublishableKey`; docs/billing.md). */
  readonly stripePublishableKey?: string;
}

/** The definitions that name handler entry files (tables and buckets always come from resources.ts). */
export interface FunctionDefinitions {
  readonly apiContexts: readonly ApiContextDefinition[];
  readonly webSocket: WebSocketDefinition;
  readonly stateMachines: readonly StateMachineDefinition[];
  /** Needs of the state machines' lambda tasks, by substitution key. */
  readonly taskNeeds: Readonly<Record<string, FunctionSpec>>;
}

export interface MeetScribeStacks {
  readonly stateful: StatefulStack;
  readonly web: WebStack;
  readonly pipeline: PipelineStack;
  readonly api: ApiStack;
  readonly realtime: RealtimeStack;
}

export const DEFAULT_MAIL_FROM = 'MeetScribe <no-reply@meetscribe.app>';

/** STUN only: enough for most NATs; TURN needs a server of your own (context iceTurnUrls). */
export const DEFAULT_ICE: IceServerSettings = { stunUrls: ['stun:stun.l.google.com:19302'], turnUrls: [] };

/**
 * Reads the environment config from CDK context: `stage`, `mailFrom`, `publicAppUrl`, `iceStunUrls` /
 * `iceTurnUrls` (comma-separated), `notesEngine` ('extractive' | 'model' | 'bedrock') with `bedrockModelId`,
 * `searchStandbyReplicas` ('false' to save capacity in dev). Throws on a bad stage, engine or URL list.
 */
export function configFromContext(app: App, env?: Environment): EnvironmentConfig {
  const context = (key: string): string | undefined => {
    const value = app.node.tryGetContext(key) as unknown;
    return value === undefined || value === null ? undefined : String(value).trim();
  };
  const stage = context('stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) throw new Error(`Context "stage" must be lower-case letters, digits and dashes, got "${stage}".`);
  return {
    stage,
    env,
    mailFrom: context('mailFrom') ?? DEFAULT_MAIL_FROM,
    publicAppUrl: context('publicAppUrl'),
    ice: {
      stunUrls: context('iceStunUrls') === undefined ? DEFAULT_ICE.stunUrls : urlList(context('iceStunUrls'), /^stuns?:/, 'iceStunUrls'),
      turnUrls: urlList(context('iceTurnUrls'), /^turns?:/, 'iceTurnUrls'),
    },
    notes: notesFromContext(context('notesEngine'), context('bedrockModelId')),
    searchStandbyReplicas: context('searchStandbyReplicas') !== 'false',
    stripePublishableKey: context('stripePublishableKey'),
  };
}

function urlList(value: string | undefined, scheme: RegExp, key: string): string[] {
  const urls = (value ?? '').split(',').map((u) => u.trim()).filter(Boolean);
  const bad = urls.find((u) => !scheme.test(u));
  if (bad) throw new Error(`Context "${key}" must list ${scheme.source.replace(/[\^?]/g, '')} URLs, got "${bad}".`);
  return urls;
}

function notesFromContext(engine: string | undefined, modelId: string | undefined): NotesEngineSettings {
  if (engine === undefined || engine === 'extractive') return { engine: 'extractive' };
  if (engine === 'model') return { engine: 'model' };
  if (engine !== 'bedrock') throw new Error(`Context "notesEngine" must be 'extractive', 'model' or 'bedrock', got "${engine}".`);
  if (!modelId) throw new Error('Context "bedrockModelId" is required when notesEngine is bedrock (a model or inference profile id).');
  return { engine: 'bedrock', modelId };
}

/**
 * Creates one environment's stacks and wires them. Order (no cycles): stateful → web (edge:
 * distribution + API shells, owns the public URL) → pipeline → api / realtime.
 */
export function createMeetScribe(app: App, config: EnvironmentConfig): MeetScribeStacks {
  const defs = { apiContexts: API_CONTEXTS, webSocket: WEBSOCKET, stateMachines: STATE_MACHINES, taskNeeds: TASK_NEEDS, ...config.definitions };
  const name = (part: string) => `MeetScribe-${config.stage}-${part}`;
  const common = { env: config.env, tags: { project: 'meetscribe', stage: config.stage } };
  const stateful = new StatefulStack(app, name('Stateful'), {
    ...common,
    uploadOrigins: config.publicAppUrl ? [config.publicAppUrl] : undefined,
    searchNamePrefix: `ms-${config.stage}`,
    searchStandbyReplicas: config.searchStandbyReplicas,
  });
  const web = new WebStack(app, name('Web'), { ...common, publicAppUrl: config.publicAppUrl, siteAssetsDir: config.siteAssetsDir, webSocket: defs.webSocket,
  });
  const settings = {
    mailFrom: config.mailFrom,
    publicAppUrl: web.publicUrl,
    ice: config.ice ?? DEFAULT_ICE,
    notes: config.notes ?? { engine: 'extractive' as const },
    stripePublishableKey: config.stripePublishableKey,
  };
  const pipeline = new PipelineStack(app, name('Pipeline'), {
    ...common, data: stateful, settings, stateMachines: defs.stateMachines, taskNeeds: defs.taskNeeds,
  });
  const api = new ApiStack(app, name('Api'), {
    ...common,
    data: stateful,
    settings,
    restApi: web.restApi,
    contexts: defs.apiContexts,
    stateMachines: pipeline.stateMachines,
  });
  const realtime = new RealtimeStack(app, name('Realtime'), {
    ...common, data: stateful, settings, webSocketApi: web.webSocketApi, definition: defs.webSocket,
  });
  return { stateful, web, pipeline, api, realtime };
}
