/**
 * Access matrix generated from the route tables (issue #19): every 'user' route of every in-process context
 * refuses anonymous, forged, refresh-as-access and revoked callers with 401. (The host/participant/stranger rows of spec §6 are in
 * test/unit/meetings/permissions.test.ts and test/integration/meetings.test.ts.)
 */
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { createJwtAuthenticator } from '../../../functions/adapters/auth/jwt-authenticator.js';
import { accountRoutes } from '../../../functions/api/auth-users/routes.js';
import { createApiHandler, type Route } from '../../../functions/api/http/router.js';
import { meetingRoutes } from '../../../functions/api/meetings/routes.js';
import { searchRoutes } from '../../../functions/api/search/routes.js';
import { surveyRoutes } from '../../../functions/api/surveys/routes.js';
import { memoryWorld, userRecord } from '../accounts/in-memory.js';

const ROUTES: readonly Route<any>[] = [
  ...accountRoutes({} as never), ...meetingRoutes({} as never), ...searchRoutes({} as never), ...surveyRoutes({} as never),
];

describe('access matrix from the route table', () => {
  let handler: ReturnType<typeof createApiHandler>;
  const callers: Record<string, string | undefined> = { anonymous: undefined, forged: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30.AAAA' };

  beforeAll(async () => {
    const deps = memoryWorld();
    await deps.users.create(userRecord({ id: 'm', email: 'm@example.com' }));
    const pair = await deps.tokens.issuePair({ id: 'm', email: 'm@example.com', tokenVersion: 0 });
    callers['refresh-as-access'] = pair.refresh;
    callers.revoked = pair.access;
    await deps.users.revokeTokens('m');
    // Every route behind one authenticator that checks token versions, as in production; handlers are never reached for 401s.
    handler = createApiHandler(ROUTES, { authenticator: createJwtAuthenticator(deps.tokens, deps.users.versions), logger: { error: () => undefined } });
  });

  const cases = ROUTES.flatMap((r) => ['anonymous', 'forged', 'refresh-as-access', 'revoked'].map((who) => [r.method, r.path, r.auth, who] as const));

  it.each(cases.filter((c) => c[2] === 'user'))('%s %s (%s) refuses the %s caller with 401', async (method, path, _auth, who) => {
    const token = callers[who];
    const event = {
      httpMethod: method, path: `/api/${path.replace(/\{\w+\}/g, 'some-id')}`, headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: null, isBase64Encoded: false, queryStringParameters: null, multiValueHeaders: {}, multiValueQueryStringParameters: null,
      pathParameters: null, stageVariables: null, resource: '/api/{proxy+}', requestContext: { identity: { sourceIp: '203.0.113.8' } },
    } as unknown as APIGatewayProxyEvent;
    expect((await handler(event, {} as Context)).statusCode).toBe(401);
  });
});
