import { SESv2Client } from '@aws-sdk/client-sesv2';

/** The one SES v2 client of a Lambda container (endpoint from AWS_ENDPOINT_URL_SESV2 locally). */
export const sesClient = new SESv2Client({});
