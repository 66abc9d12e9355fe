import { checkHealth } from '../../core/health/check-health.js';
import { healthProbes as probes } from '../../wiring/system.js';
import { createApiHandler, route } from '../http/router.js';
import { HttpResponse } from '../http/response.js';

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
