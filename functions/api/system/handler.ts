import { checkHealth } from '../../core/health/check-health.js';
import { awsProbes } from '../../adapters/health/aws-probes.js';
import { readConfig } from '../../config.js';
import { createApiHandler, route } from '../http/router.js';
import { HttpResponse } from '../http/response.js';

const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET', 'PROCESS_MEETING_STATE_MACHINE_ARN']);
const probes = awsProbes({
  tableName: config.TABLE_NAME,
  bucketName: config.MEDIA_BUCKET,
  stateMachineArn: config.PROCESS_MEETING_STATE_MACHINE_ARN,
});

/** GET /api/health/: which backing services answer; 503 when any does not. */
const health = route({
  method: 'GET',
  path: 'health/',
  auth: 'public',
  handle: async () => {
    const report = await checkHealth(probes);
    return new HttpResponse(report.status === 'ok' ? 200 : 503, report, { 'cache-control': 'no-store' });
  },
});

export const handler = createApiHandler([health]);
