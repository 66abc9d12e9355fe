/**
 * Property-based fuzz over every route of the in-process API contexts (issue #19): arbitrary bodies, query
 * strings and path ids (including ones past DynamoDB's key limit) never get a 5xx and never hang.
 * A few dozen cases per route by default; FUZZ_RUNS=1000 for a deep run.
 */
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import fc from 'fast-check';
import { createJwtAuthenticator } from '../../../functions/adapters/auth/jwt-authenticator.js';
import { accountRoutes } from '../../../functions/api/auth-users/routes.js';
import { createApiHandler, type Route } from '../../../functions/api/http/router.js';
import { meetingRoutes } from '../../../functions/api/meetings/routes.js';
import { searchRoutes } from '../../../functions/api/search/routes.js';
import { surveyRoutes } from '../../../functions/api/surveys/routes.js';
import { memoryWorld, userRecord } from '../accounts/in-memory.js';
import { world } from '../meetings/in-memory.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const HANG_MS = 5_000;

const FIELDS = [
  'email', 'username', 'password', 'name', 'meeting_ids', 'attendees', 'message_string', 'meeting_id', 'attendee_email', 'page',
  'page_size', 'rating', 'maximum_rating', 'note', 'query', 'refresh', 'key', 'new_password', 'confirm_new_password', 'old_password',
  'first_name', 'last_name', 'company', 'email_notes', 'consent', 'verification_code', 'selected_plan', 'start_time', 'end_time',
  'recording_available', 'content_type', 'file_name',
];
const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }),
  fc.array(fc.record({ email: fc.string(), name: fc.string() }), { maxLength: 3 }), fc.string({ minLength: 2_000, maxLength: 2_100 }),
  fc.constant('someone@example.com'), fc.object({ maxDepth: 2 }));
const body = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }), fc.anything({ maxDepth: 2 }), fc.string());
const query = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(fc.string(), fc.string({ minLength: 2_000, maxLength: 2_100 })), { maxKeys: 3 });
const pathId = (known: string) => fc.oneof(fc.constant(known), fc.string({ minLength: 1 }), fc.string({ minLength: 2_040, maxLength: 2_100 }),
  fc.constant('%E0%A4%A'), fc.constant('..'));

const withinTime = <T>(work: Promise<T>) => Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('hang')), HANG_MS))]);

function event(method: string, path: string, token: string | undefined, raw: unknown, q: Record<string, string>, asText: boolean): APIGatewayProxyEvent {
  return {
    httpMethod: method, path, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: asText && typeof raw === 'string' ? raw : JSON.stringify(raw) ?? null, isBase64Encoded: false, queryStringParameters: Object.keys(q).length ? q : null,
    multiValueHeaders: {}, multiValueQueryStringParameters: null, pathParameters: null, stageVariables: null, resource: '/api/{proxy+}',
    requestContext: { identity: { sourceIp: '203.0.113.7' } },
  } as unknown as APIGatewayProxyEvent;
}

const fill = (path: string, id: string) => `/api/${path.replace(/\{\w+\}/g, () => encodeURIComponent(id))}`;

async function fuzz(routes: readonly Route<any>[], handler: (e: APIGatewayProxyEvent, c: Context) => Promise<{ statusCode: number }>,
  token: string, knownId: string) {
  for (const r of routes) {
    await fc.assert(fc.asyncProperty(body, query, pathId(knownId), fc.boolean(), fc.boolean(), async (raw, q, id, asText, signedIn) => {
      const answer = await withinTime(handler(event(r.method, fill(r.path, id), signedIn ? token : undefined, raw, q, asText), {} as Context));
      if (answer.statusCode >= 500) throw new Error(`${r.method} ${r.path} answered ${answer.statusCode}`);
    }), { numRuns: RUNS });
  }
}

describe('fuzz over every route schema: no 5xx, no hang', () => {
  it('meetings, search and survey routes', async () => {
    const w = world();
    const created = await w.call('POST', '/api/meetings/', { token: 'host', body: { name: 'Fuzzed' } });
    const routes = [...meetingRoutes({} as never), ...searchRoutes({} as never), ...surveyRoutes({} as never)];
    const handler = (e: APIGatewayProxyEvent) => w.call(e.httpMethod, e.path, {
      token: e.headers.Authorization?.slice(7) === 'x' ? undefined : (e.headers.Authorization ? 'host' : undefined),
      body: e.body === null ? undefined : safeParse(e.body), query: (e.queryStringParameters ?? undefined) as Record<string, string> | undefined,
    }).then((r) => ({ statusCode: r.status }));
    await fuzz(routes, handler, 'host', created.body.id);
  }, 120_000);

  it('account routes', async () => {
    const deps = memoryWorld();
    await deps.users.create(userRecord({ id: 'fuzz-user', email: 'fuzz@example.com', passwordHash: await deps.hasher.hash('analytical1') }));
    const { access } = await deps.tokens.issuePair({ id: 'fuzz-user', email: 'fuzz@example.com', tokenVersion: 0 });
    const routes = accountRoutes({} as never);
    const handler = createApiHandler(accountRoutes(deps), { authenticator: createJwtAuthenticator(deps.tokens, deps.users.versions), logger: { error: () => undefined } });
    await fuzz(routes, handler, access, 'fuzz-user');
  }, 120_000);
});

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
