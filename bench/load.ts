/**
 * A small closed-loop load generator: `connections` clients each send the
 * next request as soon as the last one answers, for `durationMs`. It runs in
 * the bench process, the server in another, so they do not share a CPU loop.
 */
export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export const runLoad = async (
  request: () => Promise<Response>,
  opts: { connections: number; durationMs: number },
): Promise<LoadResult> => {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + opts.durationMs;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      const res = await request();
      await res.arrayBuffer();
      latencies.push(performance.now() - start);
      if (!res.ok) errors += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
};
