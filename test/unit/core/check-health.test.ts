import { checkHealth } from '../../../functions/core/health/check-health.js';

describe('checkHealth', () => {
  it('reports ok when every probe answers', async () => {
    const report = await checkHealth({ a: async () => 1, b: async () => 'x' });
    expect(report).toEqual({ status: 'ok', services: { a: 'up', b: 'up' }, problems: {} });
  });

  it('reports a failing probe as down with its reason', async () => {
    const report = await checkHealth({ a: async () => 1, b: async () => { throw Object.assign(new Error('nope'), { name: 'ResourceNotFoundException' }); } });
    expect(report.status).toBe('degraded');
    expect(report.services).toEqual({ a: 'up', b: 'down' });
    expect(report.problems.b).toBe('ResourceNotFoundException: nope');
  });

  it('reports a probe that never answers as down after the timeout', async () => {
    const report = await checkHealth({ slow: () => new Promise(() => undefined) }, 20);
    expect(report.services.slow).toBe('down');
    expect(report.problems.slow).toContain('no answer within 20 ms');
  });
});
