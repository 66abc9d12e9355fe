/**
 * The System function's context (GET /api/health/): a probe of each backing service the app needs (the table, the media
 * bucket, the processing state machine), built once per container when the handler module loads. Throws ConfigError.
 */
import { awsProbes } from '../adapters/health/aws-probes.js';
import { readConfig } from '../config.js';

const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET', 'PROCESS_MEETING_STATE_MACHINE_ARN']);

/** The health check's probes (functions/core/health/check-health.ts). */
export const healthProbes = awsProbes({
  tableName: config.TABLE_NAME,
  bucketName: config.MEDIA_BUCKET,
  stateMachineArn: config.PROCESS_MEETING_STATE_MACHINE_ARN,
});
