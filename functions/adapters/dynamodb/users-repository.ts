import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EmailTaken, type ProfileChange, type TokenVersions, type UserRecord, type UsersRepository } from '../../core/accounts/ports.js';
import { isConditionFailure } from './client.js';

/** Key layout of users (see docs/accounts.md). */
export const userKeys = {
  user: (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' }),
  email: (email: string) => ({ pk: `EMAIL#${email}`, sk: 'EMAIL' }),
};

type UserItem = UserRecord & { pk: string; sk: string; type: 'User' };

function toRecord(item: Record<string, unknown> | undefined): UserRecord | undefined {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, type: _type, ...record } = item as unknown as UserItem;
  return record;
}

/**
 * Users in the single table: the profile item `USER#{id}` plus an `EMAIL#{email}` item that claims the
 * address. Both are written in one transaction, each only if absent, so two sign-ups cannot share an e-mail.
 */
export function createUsersRepository(client: DynamoDBDocumentClient, tableName: string): UsersRepository {
  const findById = async (id: string) =>
    toRecord((await client.send(new GetCommand({ TableName: tableName, Key: userKeys.user(id), ConsistentRead: true }))).Item);

  const update = async (id: string, expression: string, values: Record<string, unknown>) => {
    try {
      const out = await client.send(new UpdateCommand({
        TableName: tableName, Key: userKeys.user(id), UpdateExpression: expression, ExpressionAttributeValues: values,
        ConditionExpression: 'attribute_exists(pk)', ReturnValues: 'ALL_NEW',
      }));
      return toRecord(out.Attributes);
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  };

  return {
    async create(user) {
      const item: UserItem = { ...userKeys.user(user.id), type: 'User', ...user };
      try {
        await client.send(new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName: tableName, Item: { ...userKeys.email(user.email), type: 'EmailClaim', userId: user.id },
              ConditionExpression: 'attribute_not_exists(pk)' } },
          ],
        }));
      } catch (error) {
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        if ((error as Error).name === 'TransactionCanceledException' && reasons.some((r) => r.Code === 'ConditionalCheckFailed')) {
          throw new EmailTaken(user.email);
        }
        throw error;
      }
    },
    findById,
    async findByEmail(email) {
      const claim = await client.send(new GetCommand({ TableName: tableName, Key: userKeys.email(email), ConsistentRead: true }));
      return typeof claim.Item?.userId === 'string' ? findById(claim.Item.userId) : undefined;
    },
    updateProfile: (id, change: ProfileChange) => update(id, 'SET firstName = :f, lastName = :l, company = :c',
      { ':f': change.firstName, ':l': change.lastName, ':c': change.company }),
    updateSettings: (id, settings) => update(id, 'SET emailNotes = :n', { ':n': settings.emailNotes }),
    async replacePassword(id, passwordHash) {
      await update(id, 'SET passwordHash = :h ADD tokenVersion :one', { ':h': passwordHash, ':one': 1 });
    },
    async revokeTokens(id) {
      await update(id, 'ADD tokenVersion :one', { ':one': 1 });
    },
  };
}

/** The current token version of a user (one strongly consistent read of two attributes), for bearer authentication. */
export function createTokenVersions(client: DynamoDBDocumentClient, tableName: string): TokenVersions {
  return {
    async current(userId) {
      const out = await client.send(new GetCommand({
        TableName: tableName, Key: userKeys.user(userId), ConsistentRead: true,
        ProjectionExpression: 'pk, tokenVersion',
      }));
      return out.Item ? Number(out.Item.tokenVersion ?? 0) : undefined;
    },
  };
}
