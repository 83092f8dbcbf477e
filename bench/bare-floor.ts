/** Starts and stops the bare floor's process (bench/bare-server.ts) on a database, given the statements of each list. */
import { fork } from 'node:child_process';
import path from 'node:path';
import type { NotedStatement } from './statements.js';

export const startBareServer = (url: string, routes: Record<string, NotedStatement[]>) =>
  new Promise<{ base: string; stop: () => Promise<void> }>((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, 'bare-server.ts'), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BARE_DATABASE_URL: url },
      stdio: 'inherit',
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.once('error', reject);
    child.once('message', (msg: { type: string; port: number }) => {
      if (msg.type !== 'ready') return reject(new Error(`the bare floor said ${msg.type}`));
      resolve({
        base: `http://127.0.0.1:${msg.port}`,
        stop: async () => {
          child.send({ type: 'stop' });
          await exited;
        },
      });
    });
    child.send({ type: 'routes', routes });
  });
