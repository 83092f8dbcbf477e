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

/** The JPEG (or PNG) re-encoded as HEIC, as an iPhone saves a photo. */
export const toHeic = (image: Buffer): Buffer => {
  const dir = mkdtempSync(path.join(tmpdir(), 'herd-heic-'));
  // heif-enc tells its input's format by the file's extension.
  const input = path.join(dir, image.readUInt32BE(0) === 0x89504e47 ? 'in.png' : 'in.jpg');
  try {
    writeFileSync(input, image);
    // x265's fastest preset: a third of the time (2 s against 6 s for 49 megapixels), which on a busy machine
    // had pushed a test past its limit; the file is as valid a HEIC, only larger.
    execFileSync('heif-enc', ['-q', '90', '-p', 'preset=ultrafast', '-o', path.join(dir, 'out.heic'), input], { stdio: 'ignore' });
    return readFileSync(path.join(dir, 'out.heic'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
