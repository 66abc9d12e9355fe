/**
 * The HTTP and WebSocket surface: one Lambda per bounded context, each owning the first path
 * segments after /api/. CDK builds API Gateway resources from this; the local gateway routes by it.
 */
export interface ApiContextDefinition {
  readonly id: string;
  /** Handler entry file (exports `handler`), relative to the project root. */
  readonly entry: string;
  /** First path segments after /api/ that this context serves, e.g. 'users' serves /api/users/... */
  readonly pathSegments: readonly string[];
}

export const API_CONTEXTS: readonly ApiContextDefinition[] = [
  { id: 'System', entry: 'functions/api/system/handler.ts', pathSegments: ['health'] },
  { id: 'AuthUsers', entry: 'functions/api/auth-users/handler.ts', pathSegments: ['auth', 'users'] },
  { id: 'Meetings', entry: 'functions/api/meetings/handler.ts', pathSegments: ['meetings', 'notes', 'action_items'] },
  { id: 'Search', entry: 'functions/api/search/handler.ts', pathSegments: ['search'] },
  { id: 'Surveys', entry: 'functions/api/surveys/handler.ts', pathSegments: ['surveys'] },
  // Every third party's webhooks (Stripe, Zoom, Webex): no bearer token, each provider's signature authenticates.
  { id: 'Webhooks', entry: 'functions/api/webhooks/handler.ts', pathSegments: ['webhooks'] },
];

export interface WebSocketDefinition {
  /** Path of the socket on the site origin (CloudFront behaviour and local gateway). */
  readonly path: string;
  readonly stage: string;
  /** Route key → handler entry file. */
  readonly routes: Readonly<Record<'$connect' | '$disconnect' | '$default', string>>;
}

export const WEBSOCKET: WebSocketDefinition = {
  path: '/one2many',
  stage: 'one2many',
  routes: {
    $connect: 'functions/realtime/connect/handler.ts',
    $disconnect: 'functions/realtime/disconnect/handler.ts',
    $default: 'functions/realtime/message/handler.ts',
  },
};

/** Environment variable carrying the WebSocket management endpoint (https://{api}/{stage}) to handlers. */
export const WEBSOCKET_CALLBACK_ENV = 'WEBSOCKET_CALLBACK_URL';
