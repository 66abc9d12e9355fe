import { SFNClient } from '@aws-sdk/client-sfn';

/** The one Step Functions client of a Lambda container (AWS_ENDPOINT_URL_SFN in the local edition). */
export const sfnClient = new SFNClient({});
