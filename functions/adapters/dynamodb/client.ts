import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The one DynamoDB document client of a Lambda container, shared by every repository. The endpoint
 * comes from the SDK's own settings (AWS_ENDPOINT_URL_DYNAMODB in the local edition).
 */
export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

/** True for the SDK's ConditionalCheckFailedException (a failed condition expression). */
export const isConditionFailure = (error: unknown): boolean =>
  (error as { name?: string } | undefined)?.name === 'ConditionalCheckFailedException';
