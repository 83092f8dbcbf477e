import type { FastifyInstance } from 'fastify';
import { SandboxOwners } from './sandbox-owners.service.js';
import { keepSandbox, type SandboxPlace } from './sandbox-state-file.service.js';

/** A ledger sandbox (Xero, QuickBooks Online) as kept: its simulator's state and whose each company is. */
export interface LedgerSandbox<S> {
  state: S;
  owners: SandboxOwners;
  /** Says the sandbox changed, so that it is written (sandbox-state-file.service.ts). */
  changed(): void;
}

/** The file's layout: the simulator's own snapshot, and the owners beside it. */
interface LedgerSandboxFile {
  simulator: unknown;
  owners: Record<string, string>;
}

/**
 * A ledger sandbox kept in DATA_DIR/sandboxes/<name>.json: the simulator's snapshot (`fresh`,
 * `restore`, `snapshot` are the simulator's own) with the owners of its companies, so a firm is
 * offered the same companies after a restart, those its sign-up made included.
 */
export const keepLedgerSandbox = <S>(
  app: FastifyInstance,
  config: SandboxPlace,
  name: string,
  simulator: { fresh: () => S; restore: (saved: unknown) => S; snapshot: (state: S) => unknown },
): LedgerSandbox<S> => {
  const kept = keepSandbox(app, config, name, {
    fresh: () => ({ state: simulator.fresh(), owners: new SandboxOwners() }),
    restore: (saved) => {
      const file = saved as Partial<LedgerSandboxFile> | null;
      return { state: simulator.restore(file?.simulator), owners: new SandboxOwners(file?.owners ?? {}) };
    },
    snapshot: ({ state, owners }): LedgerSandboxFile => ({ simulator: simulator.snapshot(state), owners: owners.toJSON() }),
  });
  return { ...kept.state, changed: kept.changed };
};
