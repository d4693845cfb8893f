/** The part of autocannon's API that scripts/bench-api.ts uses (the package ships no types). */
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
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
