import { request } from 'node:http';

export type TimedAnswer = {
  ms: number;
  /** This process's CPU time over the request: the server and its embedded database run here. */
  cpuMs: number;
  status: number;
  bytes: number;
  encoding: string | undefined;
  etag: string | undefined;
};

export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * One request as a browser sends it (brotli or gzip accepted), timed to its last byte; `bytes`
 * as sent on the wire (still compressed).
 */
export function timedRequest(
  url: string,
  options: { method?: string; cookie?: string; body?: unknown; headers?: Record<string, string> },
): Promise<TimedAnswer> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const outgoing = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: {
          ...(options.cookie && { cookie: options.cookie }),
          'accept-encoding': 'br, gzip',
          origin: new URL(url).origin,
          ...(body && { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (incoming) => {
        let bytes = 0;
        incoming.on('data', (chunk: Buffer) => (bytes += chunk.length));
        incoming.on('end', () =>
          resolve({
            ms: performance.now() - started,
            cpuMs: cpuMsSince(cpu),
            status: incoming.statusCode ?? 0,
            bytes,
            encoding: incoming.headers['content-encoding'],
            etag: incoming.headers.etag,
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
