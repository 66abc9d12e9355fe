/**
 * The one minutes-balance wiring (issue 34), apart from billing.ts so that the handlers that only read a balance do
 * not bundle the Stripe wiring (and its secrets' configuration).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createBillingStore, createUsageLedger } from '../adapters/dynamodb/billing-repository.js';
import { readOptionalConfig } from '../config.js';
import { freePlanMinutes } from '../core/billing/ledger.js';
import { minutesBalance } from '../core/billing/minutes.js';
import type { MinutesBalance } from '../core/meetings/model.js';

/**
 * The caller's remaining minutes: the plan's allowance minus this period's recording charges
 * (functions/core/billing/minutes.ts, items of functions/adapters/dynamodb/billing-repository.ts; the one minutes-balance wiring).
 */
export function createMinutesBalance(client: DynamoDBDocumentClient, tableName: string, freeMinutes: number, now: () => number = Date.now): MinutesBalance {
  const deps = { store: createBillingStore(client, tableName), ledger: createUsageLedger(client, tableName), freeMinutes, now };
  return {
    async minutesLeft(userId) {
      return (await minutesBalance(deps, userId)).left;
    },
  };
}

/** createMinutesBalance with the free plan's allowance from MEETSCRIBE_FREE_PLAN_MINUTES (default 60). */
export function minutesBalanceFromConfig(client: DynamoDBDocumentClient, tableName: string): MinutesBalance {
  return createMinutesBalance(client, tableName, freePlanMinutes(readOptionalConfig(['MEETSCRIBE_FREE_PLAN_MINUTES']).MEETSCRIBE_FREE_PLAN_MINUTES));
}
