#!/usr/bin/env node
// Development: the API (restarting on change) on PORT (3000) and Vite with hot
// reload on 5173, which proxies /api to the API. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const port = process.env.PORT || '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, HERD_ENV: process.env.HERD_ENV || 'development', APP_URL: process.env.APP_URL || 'http://localhost:5173' },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts'], { stdio: 'inherit', cwd: process.cwd() }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
