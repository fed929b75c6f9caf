// autocannon ships no types; this declares the part the benchmarks use.
declare module 'autocannon' {
  type Context = Record<string, unknown>;
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  type Options = {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    requests?: (Request & {
      setupRequest?: (request: Request, context: Context) => Request;
      onResponse?: (
        status: number,
        body: string,
        context: Context,
        headers: Record<string, string>,
      ) => void;
    })[];
  };
  type Histogram = { p50: number; p99: number; average: number };
  type Result = {
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
    latency: Histogram;
    requests: Histogram;
    statusCodeStats: Record<string, { count: number }>;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
