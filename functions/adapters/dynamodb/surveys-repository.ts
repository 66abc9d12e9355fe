import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SurveysRepository } from '../../core/surveys/submit-survey.js';

/** Surveys under `SURVEY#{meetingId|GENERAL}`, sorted by time; kept when a meeting is deleted (product feedback). */
export function createSurveysRepository(client: DynamoDBDocumentClient, tableName: string): SurveysRepository {
  return {
    async save(survey) {
      await client.send(new PutCommand({
        TableName: tableName,
        Item: { pk: `SURVEY#${survey.meetingId ?? 'GENERAL'}`, sk: `${survey.createdAt}#${survey.id}`, type: 'Survey', ...survey },
      }));
    },
  };
}
