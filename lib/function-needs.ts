import { Duration, Size } from 'aws-cdk-lib';
import type { MediaToolName } from './constructs/media-tools-layer.js';
import type { BundledModels } from './constructs/model-bundling.js';
import type { Access, StateMachineAccess } from './constructs/project-function.js';

/**
 * What one handler reads and calls, declared per function so it gets exactly those variables and
 * grants (derived from its module's `readConfig([...])` calls and SDK commands; test/infra checks
 * the declarations against the code).
 */
export interface FunctionNeeds {
  /** TABLE_NAME with item access. */
  readonly table?: Access;
  /** MEDIA_BUCKET with object access (presigning a GET needs read, a POST policy write). */
  readonly media?: Access;
  /** AUTH_SECRET_ID: verifies bearer tokens (and signs them, in AuthUsers). */
  readonly authSecret?: boolean;
  /** PROCESS_MEETING_STATE_MACHINE_ARN, to start executions or only describe the machine. */
  readonly processing?: StateMachineAccess;
  /** MAIL_FROM with ses:SendEmail as that sender. */
  readonly mail?: boolean;
  /** PUBLIC_APP_URL, for links in mails. */
  readonly appUrl?: boolean;
  /** OPENSEARCH_ENDPOINT with collection access. */
  readonly search?: Access;
  /** ICE_STUN_URLS / ICE_TURN_URLS / ICE_TURN_SECRET_ID. */
  readonly ice?: boolean;
  /** WEBSOCKET_CALLBACK_URL with execute-api:ManageConnections. */
  readonly webSocketCallback?: boolean;
  /** textract:DetectDocumentText (on media-bucket objects, read with the function's own permissions). */
  readonly textract?: boolean;
  /** comprehend:BatchDetectSentiment. */
  readonly sentiment?: boolean;
  /** NOTES_ENGINE / BEDROCK_MODEL_ID when the Bedrock engine or the notes model is chosen; the notes model's files are bundled. */
  readonly notesEngine?: boolean;
  /** USE Lite's packages installed beside the bundle (Ask: passages and questions). */
  readonly embeddings?: boolean;
  /** LLM_PROVIDER=bedrock / LLM_MODEL (Ask's generated answers) with the notes' Bedrock model, when the Bedrock engine is chosen. */
  readonly languageModel?: boolean;
  /** ses:GetAccount (the health check's mail probe). */
  readonly mailProbe?: boolean;
  /** STRIPE_SECRET_KEY_ID / STRIPE_WEBHOOK_SECRET_ID with read access to both secrets; 'checkout' adds STRIPE_PUBLISHABLE_KEY (docs/billing.md). */
  readonly stripe?: 'checkout' | 'webhooks';
  /**
   * ZOOM_SECRET_ID, WEBEX_SECRET_ID, TODOIST_SECRET_ID, BASICOPS_SECRET_ID, INTEGRATIONS_KEY_SECRET_ID: provider client/webhook secrets
   * and the token master key.
   */
  readonly integrationSecrets?: boolean;
  /** IMPORT_RECORDING_STATE_MACHINE_ARN, to start import runs. */
  readonly imports?: StateMachineAccess;
  /** Binaries from the media tools layer (FFMPEG_PATH / FFPROBE_PATH); the function runs on x86_64. */
  readonly mediaTools?: readonly MediaToolName[];
}

/** Needs plus sizing. */
export interface FunctionSpec extends FunctionNeeds {
  /** @default 512 (API), 2048 (pipeline) */
  readonly memorySize?: number;
  /** @default 30 s (API), 10 min (pipeline) */
  readonly timeout?: Duration;
  /** @default 512 MiB */
  readonly ephemeralStorageSize?: Size;
}

/** API contexts (lib/definitions/api.ts) by id. */
export const API_NEEDS: Readonly<Record<string, FunctionSpec>> = {
  System: { table: 'R', media: 'R', processing: 'describe', mailProbe: true },
  // scrypt hashes use 32 MiB each; 512 MB also buys the CPU share that keeps a hash fast.
  AuthUsers: { table: 'RW', authSecret: true, mail: true, appUrl: true, stripe: 'checkout', memorySize: 512, integrationSecrets: true, imports: 'start' },
  // integrationSecrets: "Add to Todoist" (POST notes/{notesId}/store_action_items_in_t/) reads the host's sealed tokens.
  Meetings: { table: 'RW', media: 'RW', authSecret: true, processing: 'start', mail: true, appUrl: true, search: 'RW', ice: true, notesEngine: true,
    integrationSecrets: true, embeddings: true },
  Search: { table: 'R', media: 'R', authSecret: true, search: 'R', embeddings: true, languageModel: true },
  Surveys: { table: 'RW' },
  // Every provider's webhooks: Stripe's (billing) and Zoom's/Webex's (signature secrets, import starts, and on Zoom
  // deauthorization deleting imported meetings).
  Webhooks: { table: 'RW', media: 'RW', authSecret: true, appUrl: true, integrationSecrets: true, imports: 'start', stripe: 'webhooks' },
};

/** WebSocket routes (lib/definitions/api.ts WEBSOCKET.routes). */
export const WEBSOCKET_NEEDS: Readonly<Record<'$connect' | '$disconnect' | '$default', FunctionSpec>> = {
  $connect: { table: 'RW', authSecret: true },
  $disconnect: { table: 'RW', webSocketCallback: true },
  $default: { table: 'RW', webSocketCallback: true },
};

// ffmpeg reads the recording over a presigned URL; /tmp holds what it writes: a remuxed copy of a
// duration-less webm (up to the 2 GiB upload limit), the speech WAV (~115 MB per hour) or the frames.
// /tmp is billed per GB-second above 512 MiB (fractions of a cent per run), so take Lambda's maximum.
const MEDIA_TASK: FunctionSpec = { timeout: Duration.minutes(15), ephemeralStorageSize: Size.gibibytes(10) };

/** Lambda tasks of the state machines (lib/definitions/workflows.ts lambdaTasks) by substitution key. */
export const TASK_NEEDS: Readonly<Record<string, FunctionSpec>> = {
  StartProcessingFunctionArn: { table: 'RW', media: 'RW' },
  // The transcript branch (a transcript import): claim the run; make the stored document the meeting's transcript.
  StartTranscriptImportFunctionArn: { table: 'RW', media: 'RW' },
  ImportTranscriptFunctionArn: { table: 'RW', media: 'RW' },
  // Both read through adapters/media/ffmpeg.ts, which resolves both binaries when loaded.
  ProbeMediaFunctionArn: { ...MEDIA_TASK, mediaTools: ['ffmpeg', 'ffprobe'], table: 'RW', media: 'RW', memorySize: 2048 },
  ExtractAudioFunctionArn: { ...MEDIA_TASK, mediaTools: ['ffmpeg', 'ffprobe'], table: 'RW', media: 'RW', memorySize: 2048 },
  // Keeps the local engine's progress (a tag of the running job, handed over by the state machine) on the meeting.
  NoteTranscriptionProgressFunctionArn: { table: 'RW' },
  BuildTranscriptFunctionArn: { table: 'RW', media: 'RW' },
  IndexSpokenWordsFunctionArn: { table: 'R', media: 'R', search: 'RW' },
  // USE Lite (WebAssembly) embeds every turn: ~9 ms a turn on one vCPU, a few seconds a meeting-hour; more memory, more CPU.
  IndexPassagesFunctionArn: { table: 'R', media: 'R', search: 'RW', memorySize: 2048, timeout: Duration.minutes(5), embeddings: true },
  // Decoding video for scene changes is CPU-bound; Lambda's vCPU share grows with memory (≈2.3 vCPU at 4 GB).
  ExtractFramesFunctionArn: { ...MEDIA_TASK, mediaTools: ['ffmpeg', 'ffprobe'], media: 'RW', memorySize: 4096 },
  OcrFrameFunctionArn: { media: 'RW', textract: true, memorySize: 512, timeout: Duration.minutes(1) },
  // Writes the slides beside the frames and the chapters into ready notes.
  IndexFramesFunctionArn: { table: 'RW', media: 'RW', search: 'RW' },
  FinalizeFunctionArn: { table: 'RW', media: 'RW' },
  MarkFailedFunctionArn: { table: 'RW', media: 'RW' },
  AnalyseSentimentFunctionArn: { table: 'RW', media: 'RW', sentiment: true },
  MarkSentimentFailedFunctionArn: { table: 'RW', media: 'RW' },
  GenerateNotesFunctionArn: { table: 'RW', media: 'RW', notesEngine: true, mail: true, appUrl: true },
  MarkNotesFailedFunctionArn: { table: 'RW', media: 'RW' },
  // Todoist auto-store and the BasicOps note with the host's sealed tokens.
  DeliverNotesFunctionArn: { table: 'RW', integrationSecrets: true, appUrl: true },
  // Streams a provider recording (up to 2 GiB) into S3 part by part: little memory, but a long download.
  ImportRecordingFunctionArn: { table: 'RW', media: 'RW', integrationSecrets: true, mail: true, appUrl: true, memorySize: 1024, timeout: Duration.minutes(15) },
  MarkImportFailedFunctionArn: { table: 'RW', media: 'RW', integrationSecrets: true, mail: true, appUrl: true },
};

/** Looks up a function's spec; throws naming the function when none is declared (a new handler must declare its needs). */
export function specFor(specs: Readonly<Record<string, FunctionSpec>>, key: string, what: string): FunctionSpec {
  const spec = specs[key];
  if (!spec) throw new Error(`No FunctionSpec for ${what} "${key}": declare its needs in lib/function-needs.ts.`);
  return spec;
}

/** The model files a function's bundle carries: USE Lite where it embeds, and the notes model where it drafts notes. */
export function modelsOf(spec: FunctionNeeds): BundledModels {
  return { embeddings: spec.embeddings === true, notesModel: spec.notesEngine === true };
}
