/** The part of autocannon's API that the benches use (the package ships no types). */
declare module 'autocannon' {
  /** One request as autocannon builds it; `setupRequest` may change any part per request. */
  export interface RequestData {
    path: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Options {
    url: string;
    connections?: number;
    /** Requests per second over all connections (no limit by default). */
    overallRate?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: { setupRequest?: (req: RequestData) => RequestData }[];
  }
  export interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  /** The run under way: a promise of its result that can also be stopped early. */
  export type Instance = Promise<Result> & { stop(): void };
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
