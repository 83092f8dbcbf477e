/**
 * Another commit of Herd beside the working tree, for the side-by-side run: checked out into a
 * temporary git worktree and installed there (its own node_modules, so its workspace packages are
 * its own), removed again when the run ends.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const git = (args: string[], cwd = root) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();

/** A checkout of Herd that the bench can start: where it is, and which commit (null: the working tree as it stands). */
export interface Checkout {
  label: string;
  root: string;
  commit: string | null;
}

export const workingTree = (): Checkout => {
  const head = git(['rev-parse', '--short=12', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  return { label: dirty ? `working tree (${head} + changes)` : `working tree (${head})`, root, commit: null };
};

/** The commit `ref` names, checked out and installed; `remove` takes the worktree away. */
export const checkoutRef = (ref: string): Checkout & { remove: () => void } => {
  let commit: string;
  try {
    commit = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--against: "${ref}" names no commit of this repository`);
  }
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'herd-bench-ref-')), 'herd');
  process.stderr.write(`Checking out ${ref} (${commit.slice(0, 12)}) into ${dir} and installing it…\n`);
  git(['worktree', 'add', '--detach', dir, commit]);
  const remove = () => {
    try {
      git(['worktree', 'remove', '--force', dir]);
    } catch {
      // Already gone, or never made: nothing to take back.
    }
  };
  try {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (err) {
    remove();
    throw err;
  }
  return { label: `${ref} (${commit.slice(0, 12)})`, root: dir, commit, remove };
};
