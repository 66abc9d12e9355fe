import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { BucketDefinition, SecretDefinition, TableDefinition } from './definitions/resources.js';
import { AUTH_SECRET, BUCKETS, INTEGRATION_SECRETS, MEDIA_BUCKET, SECRETS, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, TABLES,
  MAIN_TABLE } from './definitions/resources.js';
import { IMPORT_RECORDING, PROCESS_MEETING } from './definitions/workflows.js';
import type { MediaToolsLayer } from './constructs/media-tools-layer.js';
import type { IceServerSettings, NotesEngineSettings, ProjectFunction } from './constructs/project-function.js';
import type { FunctionNeeds } from './function-needs.js';
import type { StatefulResources } from './stateful-stack.js';

/** What every function of the app may be given, whatever stack it lives in. */
export interface AppSettings {
  /** Sender address for outgoing mail (MAIL_FROM). */
  readonly mailFrom: string;
  /** The site's public URL (PUBLIC_APP_URL), used in links sent to users. */
  readonly publicAppUrl: string;
  /** STUN/TURN servers for the live room. */
  readonly ice: IceServerSettings;
  /** The notes engine of the notes task. */
  readonly notes: NotesEngineSettings;
  /** Stripe publishable key (STRIPE_PUBLISHABLE_KEY) handed to the SPA; unset = no Stripe.js. */
  readonly stripePublishableKey?: string;
}

/** The stateful resources plus the definitions they were created from. */
export interface DataProps {
  readonly data: StatefulResources;
  /** @default TABLES */
  readonly tableDefinitions?: readonly TableDefinition[];
  /** @default BUCKETS */
  readonly bucketDefinitions?: readonly BucketDefinition[];
  /** @default SECRETS */
  readonly secretDefinitions?: readonly SecretDefinition[];
}

/** Resources a function may be bound to besides the stateful ones; each only where a stack has it. */
export interface BindingTargets extends DataProps {
  readonly settings: AppSettings;
  /** The processing state machine (ProcessMeeting). */
  readonly processing?: sfn.IStateMachine;
  /** The import state machine (ImportRecording). */
  readonly imports?: sfn.IStateMachine;
  /** WebSocket API and stage the function posts back to. */
  readonly webSocket?: { readonly bind: (fn: ProjectFunction) => void };
  readonly mediaTools?: MediaToolsLayer;
}

/**
 * Gives a function exactly the variables and grants its needs declare. Throws if a need has no
 * resource to bind (e.g. webSocketCallback outside the realtime stack, a definition without a resource).
 */
export function bindNeeds(fn: ProjectFunction, needs: FunctionNeeds, targets: BindingTargets): ProjectFunction {
  const { data, settings } = targets;
  if (needs.table) {
    const def = definition(targets.tableDefinitions ?? TABLES, MAIN_TABLE);
    fn.bindTable(required(data.tables, def.id), def, needs.table);
  }
  if (needs.media) {
    const def = definition(targets.bucketDefinitions ?? BUCKETS, MEDIA_BUCKET);
    fn.bindBucket(required(data.buckets, def.id), def, needs.media);
  }
  if (needs.authSecret) {
    const def = definition(targets.secretDefinitions ?? SECRETS, AUTH_SECRET);
    fn.bindSecret(required(data.secrets, def.id), def);
  }
  if (needs.stripe) {
    for (const wanted of [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET]) {
      const def = definition(targets.secretDefinitions ?? SECRETS, wanted);
      fn.bindSecret(required(data.secrets, def.id), def);
    }
    if (needs.stripe === 'checkout' && settings.stripePublishableKey) fn.function.addEnvironment('STRIPE_PUBLISHABLE_KEY', settings.stripePublishableKey);
  }
  if (needs.processing) fn.bindStateMachine(present(targets.processing, 'processing state machine'), PROCESS_MEETING, needs.processing);
  if (needs.integrationSecrets) {
    for (const wanted of Object.values(INTEGRATION_SECRETS)) {
      const def = definition(targets.secretDefinitions ?? SECRETS, wanted);
      fn.bindSecret(required(data.secrets, def.id), def);
    }
  }
  if (needs.imports) fn.bindStateMachine(present(targets.imports, 'import state machine'), IMPORT_RECORDING, needs.imports);
  if (needs.mail) fn.bindMailSender(settings.mailFrom);
  if (needs.appUrl) fn.bindPublicAppUrl(settings.publicAppUrl);
  if (needs.search) fn.bindSearchCollection(data.searchCollection, needs.search);
  if (needs.ice) fn.bindIceServers(settings.ice, data.iceTurnSecret);
  if (needs.webSocketCallback) present(targets.webSocket, 'WebSocket API').bind(fn);
  if (needs.notesEngine) fn.bindNotesEngine(settings.notes);
  if (needs.languageModel) fn.bindLanguageModel(settings.notes);
  if (needs.mediaTools) fn.bindMediaTools(present(targets.mediaTools, 'media tools layer'), needs.mediaTools);
  if (needs.textract) fn.allowUnscoped(['textract:DetectDocumentText'],
    'Textract DetectDocumentText has no resource-level permissions; the image is read from the media bucket with the function\'s own S3 grant.');
  if (needs.sentiment) fn.allowUnscoped(['comprehend:BatchDetectSentiment'],
    'Comprehend\'s synchronous sentiment detection has no resource-level permissions.');
  if (needs.mailProbe) fn.allowUnscoped(['ses:GetAccount'],
    'SES GetAccount (the health check\'s mail probe) reads account-level state and has no resource type.');
  return fn;
}

/** Looks a resource up by definition id; throws naming the id when it is missing. */
export function required<T>(items: Readonly<Record<string, T>>, id: string): T {
  const item = items[id];
  if (item === undefined) throw new Error(`No resource for definition "${id}" (have: ${Object.keys(items).join(', ') || 'none'}).`);
  return item;
}

function definition<D extends { id: string }>(defs: readonly D[], wanted: D): D {
  const def = defs.find((d) => d.id === wanted.id);
  if (!def) throw new Error(`Definition "${wanted.id}" is not among ${defs.map((d) => d.id).join(', ') || 'none'}.`);
  return def;
}

function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`This stack has no ${what} to bind.`);
  return value;
}
