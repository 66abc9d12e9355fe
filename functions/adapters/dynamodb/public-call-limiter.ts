import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PublicCallLimiter } from '../../core/auth/principal.js';
import { createRateLimits } from './rate-limits-repository.js';

/** Calls one address may make to one public route per window (docs/security.md). */
export const PUBLIC_CALLS_PER_IP = 120;
export const PUBLIC_CALL_WINDOW_SECONDS = 10 * 60;

/** Fixed-window per-address counters of the public routes, in the table's rate-limit items. */
export function createPublicCallLimiter(client: DynamoDBDocumentClient, tableName: string, now: () => number = Date.now): PublicCallLimiter {
  const limits = createRateLimits(client, tableName);
  return {
    async take(sourceIp, routeKey) {
      const at = Math.floor(now() / 1000);
      const window = await limits.hit(`public-ip#${sourceIp}#${routeKey}`, PUBLIC_CALL_WINDOW_SECONDS, at);
      return window.count > PUBLIC_CALLS_PER_IP ? { retryAfterSeconds: window.resetsAt - at } : {};
    },
  };
}
