/**
 * The API alone (`--role=api`) on a bench's PostgreSQL database, in its own process as in production, and
 * signing in to it: shared by the benches that measure endpoints under load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The API alone on the bench database, in its own process as in production; `checkoutRoot`: the
 * checkout of Herd to run (the working tree, or another commit's worktree in a side-by-side run).
 * It migrates the database on start, as a deployment does. `env`: more settings (WEB_DIST_DIR: a built web app
 * for the API to serve beside itself, for a bench that drives a browser).
 */
export const startApi = async (url: string, port: number, checkoutRoot = root, env: Record<string, string> = {}) => {
  // BENCH_CPU_PROF_DIR: write a CPU profile of the API there (it is written when the API stops).
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts', '--role=api'], {
    cwd: checkoutRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: url,
      DEMO_DATA: 'off',
      SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '',
      APP_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
  for (let waited = 0; waited < 180; waited++) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/healthcheck/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  child.kill();
  throw new Error('the API did not start within three minutes');
};

/** Stops an API started above and waits until its process is gone (its database connections with it). */
export const stopApi = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await gone;
};
