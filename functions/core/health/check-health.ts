/** A named dependency check: resolves when the service answers, rejects otherwise. */
export type Probe = () => Promise<unknown>;

export type ServiceStatus = 'up' | 'down';

export interface HealthReport {
  status: 'ok' | 'degraded';
  services: Record<string, ServiceStatus>;
  /** Why a service is down, for operators; never secrets. */
  problems: Record<string, string>;
}

/**
 * Runs every probe in parallel, each bounded by `timeoutMs`, and reports which services answer.
 * Never throws: a failing or hanging probe is reported as 'down'.
 */
export async function checkHealth(probes: Readonly<Record<string, Probe>>, timeoutMs = 3_000): Promise<HealthReport> {
  const names = Object.keys(probes);
  const outcomes = await Promise.allSettled(names.map((name) => withTimeout(probes[name](), timeoutMs)));
  const report: HealthReport = { status: 'ok', services: {}, problems: {} };
  outcomes.forEach((outcome, i) => {
    const name = names[i];
    report.services[name] = outcome.status === 'fulfilled' ? 'up' : 'down';
    if (outcome.status === 'rejected') {
      report.status = 'degraded';
      report.problems[name] = describe(outcome.reason);
    }
  });
  return report;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function describe(reason: unknown): string {
  const error = reason as { name?: string; message?: string };
  return [error?.name, error?.message].filter(Boolean).join(': ') || 'unknown error';
}
