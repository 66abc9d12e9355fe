import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { POLICY } from '../../core/accounts/policy.js';
import type { UsersRepository } from '../../core/accounts/ports.js';
import type { MinutesBalance, UserDirectory } from '../../core/meetings/model.js';

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
 * The caller's remaining minutes this month, read from the ledger item `USER#{id}` / `MINUTES#{yyyy-mm}`
 * (attribute `remaining`), written by the billing and pipeline contexts. No item yet means the free allowance.
 */
export function createMinutesBalance(client: DynamoDBDocumentClient, tableName: string, now: () => number = Date.now): MinutesBalance {
  return {
    async minutesLeft(userId) {
      const month = new Date(now()).toISOString().slice(0, 7);
      const out = await client.send(new GetCommand({ TableName: tableName, Key: { pk: `USER#${userId}`, sk: `MINUTES#${month}` }, ConsistentRead: true }));
      const remaining = out.Item?.remaining;
      return typeof remaining === 'number' ? remaining : POLICY.freePlanMinutes;
    },
  };
}
