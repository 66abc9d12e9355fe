import { jest } from '@jest/globals';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { createApiHandler, route } from '../../../functions/api/http/router.js';
import { lambdaContext } from '../../../local/lambda/invoke.js';

const event = {
  httpMethod: 'GET', path: '/api/broken/', headers: {}, body: null, isBase64Encoded: false,
  queryStringParameters: null, multiValueHeaders: {}, multiValueQueryStringParameters: null,
  pathParameters: null, stageVariables: null, resource: '/api/{proxy+}',
  requestContext: { identity: { sourceIp: '127.0.0.1' } },
} as unknown as APIGatewayProxyEvent;

test('an unexpected error is logged as one JSON line carrying the invocation\'s request id', async () => {
  const handler = createApiHandler([
    route({ method: 'GET', path: 'broken/', auth: 'public', handle: async () => { throw new Error('boom'); } }),
  ]);
  const context = lambdaContext('meetings-api');
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => { lines.push(String(chunk)); return true; });
  const errors = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => { lines.push(String(chunk)); return true; });
  try {
    const response = await handler(event, context);
    expect(response.statusCode).toBe(500);
  } finally {
    write.mockRestore();
    errors.mockRestore();
  }
  const logged = lines.map((line) => { try { return JSON.parse(line); } catch { return undefined; } }).find((entry) => entry?.message === 'Unhandled error');
  expect(logged).toMatchObject({ level: 'ERROR', function_request_id: context.awsRequestId, function_name: 'meetings-api' });
});
