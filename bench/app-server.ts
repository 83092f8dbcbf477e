/**
 * The built app served by Herd on a fresh embedded database with the demo
 * firm, for the bench parts that drive a browser (first load, client effort).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Starts `apps/server/src/main.ts` on `port` and waits (up to three minutes) until it answers. */
export const startBuiltApp = async (port: number, env: Record<string, string> = {}): Promise<ChildProcess> => {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('build the web app first: npm run build');
  const base = `http://localhost:${port}`;
  // BENCH_CPU_PROF_DIR: the server writes CPU profiles of its threads there when it stops (--cpu-prof is refused in NODE_OPTIONS).
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'herd-bench-app-')),
      DEMO_DATA: 'on',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      APP_URL: base,
      ...env,
    },
  });
  for (let waited = 0; waited < 180; waited++) {
    const up = await fetch(`${base}/api/healthcheck/`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  child.kill();
  throw new Error('the server did not start within three minutes');
};

/** The Chromium the benches drive: headless, as in the end-to-end walks. */
export const BENCH_CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};
