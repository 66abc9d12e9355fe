import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MeetingGone } from '../../core/pipeline/errors.js';
import { RECENT_NAMES_MAX, type DismissedSuggestion, type NameChoicesStore } from '../../core/speakers/name-choices.js';
import { isConditionFailure } from './client.js';
import { processingKeys } from './processing-keys.js';

/** The host's recent speaker names: one item under the user, at most RECENT_NAMES_MAX names, most recent first. */
const recentKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'SPEAKERNAMES' });

/**
 * Name choices (issue 30): `USER#{id}` / `SPEAKERNAMES` holds the host's recent names; the dismissed suggestions are the
 * `dismissedNameSuggestions` attribute of the meeting's `TRANSCRIPT` item, so they go with the meeting and a new recording
 * (a new transcript item) starts without them.
 */
export function createNameChoicesStore(client: DynamoDBDocumentClient, tableName: string): NameChoicesStore {
  const get = async (key: Record<string, string>) =>
    (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
  return {
    async recentNames(userId) {
      const names = (await get(recentKey(userId)))?.names;
      return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
    },
    async saveRecentNames(userId, names) {
      const item = { ...recentKey(userId), type: 'RecentSpeakerNames', names: names.slice(0, RECENT_NAMES_MAX) };
      await client.send(new PutCommand({ TableName: tableName, Item: item }));
    },
    async dismissed(meetingId) {
      const list = (await get(processingKeys.transcript(meetingId)))?.dismissedNameSuggestions;
      return Array.isArray(list) ? list.filter((d): d is DismissedSuggestion => typeof d?.speaker === 'string' && typeof d?.name === 'string') : [];
    },
    async saveDismissed(meetingId, dismissed) {
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key: processingKeys.transcript(meetingId), UpdateExpression: 'SET dismissedNameSuggestions = :d',
          ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':d': dismissed.map(({ speaker, name }) => ({ speaker, name })) },
        }));
      } catch (error) {
        if (isConditionFailure(error)) throw new MeetingGone(`Meeting ${meetingId} has no transcript any more.`);
        throw error;
      }
    },
  };
}
