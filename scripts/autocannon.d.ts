/** The part of autocannon's API that scripts/bench-api.ts uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      duration?: number;
      connections?: number;
      timeout?: number;
      overallRate?: number;
      headers?: Record<string, string>;
      requests?: Array<{ method?: string; path?: string; body?: string; headers?: Record<string, string> }>;
    }
    interface Histogram { average: number; p50: number; p99: number; max: number }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      non2xx?: number;
      errors: number;
      timeouts: number;
      statusCodeStats?: Record<string, { count: number }>;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
