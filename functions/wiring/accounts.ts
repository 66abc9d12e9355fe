import { readOptionalConfig } from '../../config.js';
import { freePlanMinutes } from '../../core/billing/ledger.js';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { minutesBalance } from '../../core/billing/minutes.js';
import type { UsersRepository } from '../../core/accounts/ports.js';
import type { MinutesBalance, UserDirectory } from '../../core/meetings/model.js';
import { createBillingStore, createUsageLedger } from './billing-repository.js';

/** Display names for attendee lists and share mails, from the users repository. */
export function createUserDirectory(users: Pick<UsersRepository, 'findById'>): UserDirectory {
  return {
    async displayName(userId) {
      const user = await users.findById(userId);
      const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
      return name || undefined;
    },
  };
}

/**
 * The caller's remaining minutes: the plan's allowance minus this period's recording charges
 * (functions/core/billing/minutes.ts, items of functions/adapters/dynamodb/billing-repository.ts).
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
