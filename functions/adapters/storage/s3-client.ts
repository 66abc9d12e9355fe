import { S3Client } from '@aws-sdk/client-s3';

/**
 * The one S3 client of a Lambda container, shared by every media-bucket adapter (as
 * `adapters/dynamodb/client.ts` is for DynamoDB). The endpoint comes from the SDK's own settings
 * (AWS_ENDPOINT_URL_S3 in the local edition, set before any handler is imported).
 */
export const s3Client = new S3Client({});
