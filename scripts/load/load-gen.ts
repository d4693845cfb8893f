import autocannon, { type RequestData, type Result } from 'autocannon';

/** One request of a load. */
export interface LoadRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One autocannon load: a rotation of requests over `connections` connections for `seconds`. */
export interface Load {
  base: string;
  connections: number;
  seconds: number;
  /** Request `i` of the run; called for every request. */
  next(i: number): LoadRequest;
}

/** Runs a load (bounded by its duration) and returns autocannon's result. */
export function fire(load: Load): Promise<Result> {
  let i = 0;
  const url = new URL(load.base);
  return autocannon({
    url: url.origin,
    connections: load.connections,
    duration: load.seconds,
    headers: { 'content-type': 'application/json', 'accept-language': 'zh-TW' },
    requests: [
      {
        setupRequest: (req: RequestData) => {
          const r = load.next(i++);
          return {
            ...req,
            method: r.method ?? 'GET',
            path: `${url.pathname}${r.path}`,
            headers: { ...req.headers, ...r.headers },
            ...(r.body === undefined ? {} : { body: r.body }),
          };
        },
      },
    ],
  });
}

export const statusCount = (r: Result, test: (status: number) => boolean): number =>
  Object.entries(r.statusCodeStats ?? {})
    .filter(([s]) => test(Number(s)))
    .reduce((n, [, v]) => n + v.count, 0);

export const serverErrors = (r: Result): number => statusCount(r, (s) => s >= 500);
