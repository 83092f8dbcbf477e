import http from 'node:http';

/**
 * A small closed-loop load generator: `connections` clients, each on its own
 * kept-alive connection, send the next request as soon as the last one
 * answers, for `durationMs`. It runs in the bench process, the server in
 * another. It speaks plain node:http rather than fetch: on two cores the load
 * generator's own CPU is taken from the server, and fetch spent about 1.2 ms
 * of it per request, node:http a fraction of that.
 */
export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A run's figures from its latencies (sorted here), its errors and the seconds it took. */
export const loadResultOf = (latencies: number[], errors: number, seconds: number): LoadResult => {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
};

const send = (agent: http.Agent, request: LoadRequest) =>
  new Promise<number>((resolve, reject) => {
    const req = http.get(request.url, { agent, headers: request.headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });

/**
 * `warmupMs` (optional): the same load first, not recorded, so the figures are
 * the server's steady state (its compiled code hot, each database connection's
 * prepared statements parsed) rather than its first seconds.
 */
export const runLoad = async (request: LoadRequest, opts: { connections: number; durationMs: number; warmupMs?: number }): Promise<LoadResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  if (opts.warmupMs) {
    const warmEnd = performance.now() + opts.warmupMs;
    const warm = async () => {
      while (performance.now() < warmEnd) await send(agent, request);
    };
    await Promise.all(Array.from({ length: opts.connections }, warm));
  }
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + opts.durationMs;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      const status = await send(agent, request);
      latencies.push(performance.now() - start);
      if (status < 200 || status >= 300) errors += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return loadResultOf(latencies, errors, elapsed);
};
