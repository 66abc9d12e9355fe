import './polyfills.js';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { API_CONTEXTS, WEBSOCKET, WEBSOCKET_CALLBACK_ENV } from '../lib/definitions/api.js';
import { AUTH_SECRET, BUCKETS, INTEGRATION_SECRETS, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, TABLES } from '../lib/definitions/resources.js';
import { STATE_MACHINES, type StateMachineDefinition } from '../lib/definitions/workflows.js';
import { startLocalComprehend } from './comprehend/index.js';
import { startLocalDynamo } from './dynamodb/index.js';
import { toEventBridgeEvent, triggeredStateMachines } from './events/s3-to-eventbridge.js';
import { forwardDev } from './gateway/dev-proxy.js';
import { startGateway } from './gateway/index.js';
import { startLocalMail, type LocalMail } from './mail/index.js';
import { startLocalMeetingServices } from './provider-kit/start.js';
import { startLocalS3, type ObjectCreatedEvent } from './s3/index.js';
import { startSampleSeeding } from './samples/index.js';
import { startLocalSecrets } from './secrets/index.js';
import { loadSecrets } from './secrets/store.js';
import { startLocalStripe } from './stripe/index.js';
import { startLocalStepFunctions, type LocalStepFunctions } from './stepfunctions/index.js';
import { startLocalTextract } from './textract/index.js';
import type { TranscriptionEngine } from './engines/types.js';
import { startLocalTranscribe } from './transcribe/index.js';
import { PROJECT_ROOT } from '../lib/project-root.js';

// One project root for CDK and the local edition (lib/project-root.ts).
export { PROJECT_ROOT } from '../lib/project-root.js';
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_ACCOUNT = '000000000000';
/**
 * The key pair of this run, random per run (not s3rver's well-known S3RVER pair): the local S3 front checks
 * every request's SigV4 signature against it, and every handler and emulator signs with it through
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY. Child processes inherit it through MEETSCRIBE_LOCAL_CREDENTIALS.
 */
export const LOCAL_CREDENTIALS = localCredentials();

function localCredentials(): { readonly accessKeyId: string; readonly secretAccessKey: string } {
  const inherited = /^([A-Z0-9]{20}):([A-Za-z0-9+/]{40})$/.exec(process.env.MEETSCRIBE_LOCAL_CREDENTIALS ?? '');
  const pair = inherited
    ? { accessKeyId: inherited[1], secretAccessKey: inherited[2] }
    : { accessKeyId: `LOCAL${randomBytes(8).toString('hex').toUpperCase().slice(0, 15)}`, secretAccessKey: randomBytes(30).toString('base64') };
  process.env.MEETSCRIBE_LOCAL_CREDENTIALS = `${pair.accessKeyId}:${pair.secretAccessKey}`;
  return pair;
}

type ServiceName = 'dynamodb' | 's3' | 'stepFunctions' | 'mail' | 'secrets' | 'textract' | 'transcribe' | 'comprehend' | 'stripe';
export type Log = (message: string, extra?: Record<string, unknown>) => void;

export interface LocalEditionOptions {
  dataDir: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  servicePorts?: Partial<Record<ServiceName, number>>;
  /** 'mailbox' (default) keeps mail on disk and serves /dev/mailbox; 'ses' leaves SES to the real AWS endpoint. */
  mail?: 'mailbox' | 'ses';
  mailFrom?: string;
  projectRoot?: string;
  webDist?: string;
  stateMachines?: readonly StateMachineDefinition[];
  /** Scales Wait and Retry intervals of state machines (tests use small values). */
  waitScale?: number;
  /** Speech engine of the local Transcribe endpoint (default: the best one available, see local/engines/select.ts). */
  transcribeEngine?: TranscriptionEngine;
  /** Seeds the two sample meetings in the background once started, when missing (local/samples; `npm start`). @default false */
  seedSamples?: boolean;
  /**
   * The folder POST /dev/zoom/recordings and /dev/webex/recordings may read recordings from, besides the fixtures
   * (MEETSCRIBE_FIXTURES_DIR, else ../shared/fixtures). @default `${dataDir}/dev-recordings`
   */
  devRecordingsDir?: string;
  /**
   * 'local-openai': Ask (and NOTES_ENGINE=llm) use the local OpenAI-compatible test server, which answers only replies
   * scripted through /dev/openai/ (local/openai). @default 'none' (no language model unless LLM_PROVIDER is set)
   */
  languageModel?: 'none' | 'local-openai';
  log?: Log;
}

export interface LocalEdition {
  readonly url: string;
  readonly mailboxUrl: string | undefined;
  readonly endpoints: Readonly<Record<string, string>>;
  readonly stepFunctions: LocalStepFunctions;
  readonly mail: LocalMail | undefined;
  /** This run's key pair (see LOCAL_CREDENTIALS). */
  readonly credentials: typeof LOCAL_CREDENTIALS;
  stop(): Promise<void>;
}

const quietLog: Log = () => undefined;

type Stoppers = Array<() => Promise<void>>;

/**
 * Starts the whole product in this process: the gateway serving the SPA, /api and the WebSocket, and DynamoDB, S3,
 * SES, Secrets Manager, Comprehend, Transcribe, Textract and Step Functions endpoints on 127.0.0.1. Handlers find the
 * emulators through the AWS SDK's standard endpoint variables, set here before any handler loads.
 */
export async function startLocalEdition(options: LocalEditionOptions): Promise<LocalEdition> {
  const projectRoot = options.projectRoot ?? PROJECT_ROOT;
  const log = options.log ?? quietLog;
  const ports = options.servicePorts ?? {};
  await mkdir(options.dataDir, { recursive: true });
  setCredentialsAndRegion();

  const stoppers: Stoppers = [];
  try {
    const { mail, gateway, meetingServices, setStripeEndpoint } = await startFront(options, projectRoot, log, stoppers);
    const dynamo = await startLocalDynamo({ dataDir: options.dataDir, port: ports.dynamodb ?? 0, tables: TABLES, credentials: LOCAL_CREDENTIALS });
    stoppers.push(() => dynamo.stop());

    let stepFunctions: LocalStepFunctions | undefined;
    const pending: ObjectCreatedEvent[] = [];
    const onObjectCreated = (event: ObjectCreatedEvent) => {
      if (stepFunctions) void trigger(stepFunctions, event, log);
      else pending.push(event);
    };
    const s3 = await startLocalS3({
      dataDir: options.dataDir, port: ports.s3 ?? 0, buckets: BUCKETS, credentials: LOCAL_CREDENTIALS,
      corsOrigins: [gateway.url], onObjectCreated,
    });
    stoppers.push(() => s3.stop());
    gateway.setStorageOrigins([s3.endpoint]);

    const secrets = await startLocalSecrets({
      dataDir: options.dataDir, port: ports.secrets ?? 0, credentials: LOCAL_CREDENTIALS,
      secrets: [{ name: AUTH_SECRET.localName }, ...STRIPE_SECRETS.map((d) => ({ name: d.localName })), { name: INTEGRATION_SECRETS.tokenKey.localName },
        ...meetingServices.secrets],
    });
    stoppers.push(() => secrets.stop());
    const stripe = await startStripe(options, gateway.url, log);
    stoppers.push(() => stripe.stop());
    setStripeEndpoint(stripe.endpoint);

    const comprehend = await startLocalComprehend({ dataDir: options.dataDir, port: ports.comprehend ?? 0, credentials: LOCAL_CREDENTIALS });
    stoppers.push(() => comprehend.stop());

    const machines = options.stateMachines ?? STATE_MACHINES;
    const endpoints: Record<string, string> = {
      DYNAMODB: dynamo.endpoint, S3: s3.endpoint, SECRETS_MANAGER: secrets.endpoint, COMPREHEND: comprehend.endpoint,
    };
    if (mail) endpoints.SESV2 = mail.endpoint;
    // The ARN of a local state machine is known before its service starts, so every variable a handler
    // may read is in place before the runner resumes interrupted executions (which load handlers).
    setServiceEnvironment(endpoints, serviceVariables(options, machines, { stripe: stripe.endpoint, app: gateway.url }, meetingServices.environment));
    stepFunctions = await startWorkers(options, projectRoot, machines, endpoints, stoppers);
    const sfn = stepFunctions;
    for (const event of pending.splice(0)) void trigger(sfn, event, log);
    // Every endpoint variable is set: /api requests held since the port opened may now load their handlers.
    gateway.markReady();

    const seeding = options.seedSamples ? startSampleSeeding(log) : undefined;
    let stopped: Promise<void> | undefined;
    return {
      url: gateway.url, mailboxUrl: mail ? `${gateway.url}/dev/mailbox` : undefined, endpoints, stepFunctions: sfn, mail, credentials: LOCAL_CREDENTIALS,
      stop: () => (stopped ??= (seeding?.stop() ?? Promise.resolve()).then(() => stopAll(stoppers))),
    };
  } catch (error) {
    await stopAll(stoppers);
    throw error;
  }
}

const STRIPE_SECRETS = [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET];

/**
 * The mailbox, the gateway (held until markReady) and the local meeting-provider servers with their /dev/ routes; the
 * local Stripe server starts later (its keys are secrets), so /dev/stripe forwards to the endpoint set afterwards.
 */
async function startFront(options: LocalEditionOptions, projectRoot: string, log: Log, stoppers: Stoppers) {
  const ports = options.servicePorts ?? {};
  const mail = (options.mail ?? 'mailbox') === 'mailbox'
    ? await startLocalMail({ dataDir: options.dataDir, port: ports.mail ?? 0, credentials: LOCAL_CREDENTIALS }) : undefined;
  if (mail) stoppers.push(() => mail.stop());

  let stripeEndpoint: string | undefined;
  const devRoutes: NonNullable<Parameters<typeof startGateway>[0]['devRoutes']> = {
    // The local Stripe server's read-outs and portal (docs/billing.md), forwarded to its own port.
    '/dev/stripe': (req, res, url) => forwardDev(stripeEndpoint ?? '', url.pathname.slice('/dev/stripe'.length) || '/', url.search, req, res),
  };
  const gateway = await startGateway({
    host: options.host ?? '127.0.0.1', port: options.port ?? 0, projectRoot,
    webDist: options.webDist ?? path.join(projectRoot, 'web', 'dist'),
    apiContexts: API_CONTEXTS, websocket: WEBSOCKET, mailbox: mail?.mailbox, devRoutes, log, holdApiUntilReady: true,
  });
  stoppers.push(() => gateway.stop());

  // Local Zoom and Webex test servers (docs/integrations.md): their secrets, base URLs and /dev/ routes.
  const recordingDirs = [options.devRecordingsDir ?? path.join(options.dataDir, 'dev-recordings'), fixturesDir(projectRoot)];
  await mkdir(recordingDirs[0]!, { recursive: true });
  const meetingServices = await startLocalMeetingServices({
    dataDir: options.dataDir, appUrl: gateway.url, log, recordingDirs, languageModel: options.languageModel,
  });
  stoppers.push(() => meetingServices.stop());
  Object.assign(devRoutes, meetingServices.devRoutes);
  return { mail, gateway, meetingServices, setStripeEndpoint: (endpoint: string) => { stripeEndpoint = endpoint; } };
}

/** The local Stripe server (docs/billing.md): it takes its keys from the same secrets the handlers read. */
async function startStripe(options: LocalEditionOptions, appUrl: string, log: Log) {
  const stored = await loadSecrets(options.dataDir, STRIPE_SECRETS.map((d) => d.localName));
  return startLocalStripe({
    dataDir: path.join(options.dataDir, 'stripe'), port: options.servicePorts?.stripe ?? 0, log,
    secretKey: stored.get(STRIPE_SECRET_KEY.localName)!.value, webhookSecret: stored.get(STRIPE_WEBHOOK_SECRET.localName)!.value,
    webhookUrl: () => `${appUrl}/api/webhooks/stripe/`, publicUrl: () => `${appUrl}/dev/stripe`,
  });
}

/** The variables the handlers read besides the endpoints: resource names, secrets' names, base URLs. */
function serviceVariables(options: LocalEditionOptions, machines: readonly StateMachineDefinition[], urls: { stripe: string; app: string },
  providers: Record<string, string>): Record<string, string> {
  return {
    ...Object.fromEntries(TABLES.map((t) => [t.envVar, t.localName])),
    ...Object.fromEntries(BUCKETS.map((b) => [b.envVar, b.localName])),
    ...Object.fromEntries(machines.map((m) => [m.envVar, `arn:aws:states:${LOCAL_REGION}:${LOCAL_ACCOUNT}:stateMachine:${m.localName}`])),
    [AUTH_SECRET.envVar]: AUTH_SECRET.localName,
    [STRIPE_SECRET_KEY.envVar]: STRIPE_SECRET_KEY.localName,
    [STRIPE_WEBHOOK_SECRET.envVar]: STRIPE_WEBHOOK_SECRET.localName,
    STRIPE_API_BASE: urls.stripe,
    [WEBSOCKET_CALLBACK_ENV]: `${urls.app}/${WEBSOCKET.stage}`,
    PUBLIC_APP_URL: urls.app,
    SEARCH_INDEX_DIR: path.join(options.dataDir, 'search-index'),
    MAIL_FROM: options.mailFrom ?? 'MeetScribe <no-reply@meetscribe.local>',
    ...Object.fromEntries(Object.values(INTEGRATION_SECRETS).map((secret) => [secret.envVar, secret.localName])),
    ...providers,
  };
}

/**
 * Transcribe, Textract and Step Functions, in that order: Transcribe reads media from S3 (it may resume jobs at once),
 * so it starts after the S3 variable is set, and before the runner resumes executions that call it; Textract
 * (tesseract.js) reads Document.S3Object through the S3 variable. Each endpoint is recorded and set for the SDK.
 */
async function startWorkers(options: LocalEditionOptions, projectRoot: string, machines: readonly StateMachineDefinition[],
  endpoints: Record<string, string>, stoppers: Stoppers): Promise<LocalStepFunctions> {
  const ports = options.servicePorts ?? {};
  const log = options.log ?? quietLog;
  /** Records a service endpoint and points the SDK at it (AWS_ENDPOINT_URL_<SERVICE>). */
  const addEndpoint = (service: string, endpoint: string) => {
    endpoints[service] = endpoint;
    process.env[`AWS_ENDPOINT_URL_${service}`] = endpoint;
  };
  const transcribe = await startLocalTranscribe({
    dataDir: options.dataDir, port: ports.transcribe ?? 0, engine: options.transcribeEngine, log, credentials: LOCAL_CREDENTIALS,
  });
  stoppers.push(() => transcribe.stop());
  addEndpoint('TRANSCRIBE', transcribe.endpoint);
  const textract = await startLocalTextract({ port: ports.textract ?? 0, credentials: LOCAL_CREDENTIALS });
  stoppers.push(() => textract.stop());
  addEndpoint('TEXTRACT', textract.endpoint);
  const sfn = await startLocalStepFunctions({
    dataDir: options.dataDir, port: ports.stepFunctions ?? 0, projectRoot, stateMachines: machines,
    region: LOCAL_REGION, accountId: LOCAL_ACCOUNT, waitScale: options.waitScale, log, credentials: LOCAL_CREDENTIALS,
  });
  stoppers.push(() => sfn.stop());
  addEndpoint('SFN', sfn.endpoint);
  return sfn;
}

async function trigger(stepFunctions: LocalStepFunctions, event: ObjectCreatedEvent, log: Log) {
  for (const id of triggeredStateMachines(event, BUCKETS)) {
    try {
      const input = toEventBridgeEvent(event, LOCAL_REGION, LOCAL_ACCOUNT);
      const { executionArn } = await stepFunctions.startExecution(stepFunctions.arnFor(id), input);
      log('Started execution for upload', { key: event.key, executionArn });
    } catch (error) {
      log('Could not start execution for upload', { key: event.key, error: (error as Error).message });
    }
  }
}

/** The shared recordings the /dev/ recording calls may use: MEETSCRIBE_FIXTURES_DIR, else ../shared/fixtures beside the project. */
function fixturesDir(projectRoot: string): string {
  return path.resolve(process.env.MEETSCRIBE_FIXTURES_DIR ?? path.join(projectRoot, '..', 'shared', 'fixtures'));
}

function setCredentialsAndRegion() {
  process.env.AWS_REGION = LOCAL_REGION;
  process.env.AWS_DEFAULT_REGION = LOCAL_REGION;
  process.env.AWS_ACCESS_KEY_ID = LOCAL_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = LOCAL_CREDENTIALS.secretAccessKey;
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
  // The local edition supports Node 20 on purpose (README); the SDK's notice about 2027 is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
}

function setServiceEnvironment(endpoints: Record<string, string>, variables: Record<string, string>) {
  for (const [service, endpoint] of Object.entries(endpoints)) process.env[`AWS_ENDPOINT_URL_${service}`] = endpoint;
  Object.assign(process.env, variables);
}

async function stopAll(stoppers: Stoppers) {
  for (const stop of stoppers.reverse()) {
    await stop().catch(() => undefined);
  }
}
