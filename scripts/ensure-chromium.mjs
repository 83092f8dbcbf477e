#!/usr/bin/env node
// Finds the Chromium the end-to-end tests drive: CHROMIUM_PATH, else Debian's
// headless shell, else Debian's /usr/bin/chromium (playwright.config.ts says why
// the shell comes first). When none exists it installs Debian's headless shell
// if it can (root with apt-get), and otherwise stops with a message that says how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = () => candidates.find((p) => existsSync(p));

if (found()) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but there is no file there.`);
  process.exit(1);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.error("Chromium not found: installing Debian's headless shell (apt-get install -y chromium-headless-shell)...");
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } catch {
    // Reported below.
  }
  if (found()) process.exit(0);
}

console.error(
  [
    'The end-to-end tests need Chromium and none was found.',
    'Install it, e.g. on Debian/Ubuntu: sudo apt-get install -y chromium-headless-shell (or chromium)',
    'or point CHROMIUM_PATH at a Chromium or Chrome binary, then run npm test again.',
  ].join('\n'),
);
process.exit(1);
