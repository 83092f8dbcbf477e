import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** libheif's encoder (Debian's libheif-examples), which CI installs; no npm package encodes HEIC. */
export const heifEncAvailable = (() => {
  try {
    execFileSync('heif-enc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    try {
      // Older builds have no --version and exit 1 after printing their usage.
      return execFileSync('sh', ['-c', 'command -v heif-enc'], { encoding: 'utf8' }).trim() !== '';
    } catch {
      return false;
    }
  }
})();

/** The JPEG re-encoded as HEIC, as an iPhone saves a photo. */
export const toHeic = (jpeg: Buffer): Buffer => {
  const dir = mkdtempSync(path.join(tmpdir(), 'herd-heic-'));
  try {
    writeFileSync(path.join(dir, 'in.jpg'), jpeg);
    execFileSync('heif-enc', ['-q', '90', '-o', path.join(dir, 'out.heic'), path.join(dir, 'in.jpg')], { stdio: 'ignore' });
    return readFileSync(path.join(dir, 'out.heic'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
