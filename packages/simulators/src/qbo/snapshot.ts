import { bytesFromText, bytesToText, checkSnapshot, type SnapshotHeader } from '../shared/snapshot-format.js';
import type { Grant } from './oauth-store.js';
import type { RecordedAnswer } from './request-replay.js';
import { createQboState, type QboSimulatorOptions, type QboState } from './state.js';
import type { CompanyStore, Tombstone } from './store.js';
import type { QboEntity } from './types.js';

const VERSION = 1;

/** An access token past its expiry is still told apart from an unknown one for a day ("Token expired"); older ones are dropped. */
const EXPIRED_TOKEN_KEPT_MS = 24 * 3600_000;

interface FileSnapshot {
  fileName: string;
  contentType: string;
  key: string;
  bytes: string;
}

interface CompanySnapshot {
  realmId: string;
  name: string;
  nextId: number;
  /** Each entity's rows in the order the company holds them. */
  tables: Record<string, QboEntity[]>;
  tombstones: Tombstone[];
  files: [string, FileSnapshot][];
  answeredRequests: [string, RecordedAnswer][];
}

interface TokenSnapshot {
  grantId: string;
  expiresAt: number;
}

/**
 * What a QuickBooks Online simulator holds that outlives a restart: its companies whole (rows, id
 * sequence, CDC tombstones, uploaded files, answers kept for `requestid`), the clock's offset, and
 * the grants with their live tokens, so a client's stored refresh token keeps working. Not kept:
 * consent codes (minutes long), throttles, injected faults, logs and webhooks under way.
 */
export interface QboSnapshot extends SnapshotHeader<'qbo'> {
  clockOffsetMs: number;
  companies: CompanySnapshot[];
  grantCount: number;
  grants: Grant[];
  accessTokens: [string, TokenSnapshot][];
  refreshTokens: [string, TokenSnapshot][];
}

const snapshotCompany = (company: CompanyStore): CompanySnapshot => ({
  realmId: company.realmId,
  name: company.name,
  nextId: company.nextId,
  tables: Object.fromEntries(company.entityNames().map((entity) => [entity, company.list(entity)])),
  tombstones: company.tombstones,
  files: [...company.files].map(([id, { bytes, ...file }]) => [id, { ...file, bytes: bytesToText(bytes) }]),
  answeredRequests: [...company.answeredRequests],
});

export function snapshotQboState(state: QboState): QboSnapshot {
  const now = state.clock.now();
  const grants = new Map<string, Grant>();
  const live = (tokens: Map<string, { grant: Grant; expiresAt: number }>, keptFor: number) =>
    [...tokens]
      .filter(([, record]) => !record.grant.revoked && record.expiresAt + keptFor > now)
      .map(([token, record]): [string, TokenSnapshot] => {
        grants.set(record.grant.id, record.grant);
        return [token, { grantId: record.grant.id, expiresAt: record.expiresAt }];
      });
  // An expired refresh token and a missing one get the same answer (invalid_grant), so only usable ones are kept.
  const refreshTokens = live(state.oauth.refreshTokens, 0);
  const accessTokens = live(state.oauth.accessTokens, EXPIRED_TOKEN_KEPT_MS);
  return {
    kind: 'qbo',
    version: VERSION,
    clockOffsetMs: state.clock.offsetMs,
    companies: [...state.companies.values()].map(snapshotCompany),
    grantCount: state.oauth.grantCount,
    grants: [...grants.values()],
    accessTokens,
    refreshTokens,
  };
}

const restoreCompany = (state: QboState, saved: CompanySnapshot) => {
  // Made as any company is (so its webhooks are wired the same), then its seeded rows replaced by the saved ones.
  const company = state.addCompany({ realmId: saved.realmId, name: saved.name, transactions: 0 });
  for (const entity of company.entityNames()) company.table(entity).clear();
  for (const [entity, rows] of Object.entries(saved.tables)) {
    const table = company.table(entity);
    for (const row of rows) table.set(row.Id, row);
  }
  company.nextId = saved.nextId;
  company.tombstones.push(...saved.tombstones);
  for (const [id, { bytes, ...file }] of saved.files) company.files.set(id, { ...file, bytes: bytesFromText(bytes) });
  for (const [id, answer] of saved.answeredRequests) company.answeredRequests.set(id, answer);
};

/** A simulator with `options` holding what the snapshot kept; throws on anything but a QuickBooks Online snapshot of this layout. */
export function restoreQboState(options: QboSimulatorOptions, snapshot: unknown): QboState {
  checkSnapshot(snapshot, 'qbo', VERSION);
  const saved = snapshot as QboSnapshot;
  const state = createQboState(options);
  state.companies.clear();
  state.clock.offsetMs = saved.clockOffsetMs;
  for (const company of saved.companies) restoreCompany(state, company);
  state.oauth.grantCount = saved.grantCount;
  const grants = new Map(saved.grants.map((grant) => [grant.id, grant]));
  const grantOf = (id: string) => {
    const grant = grants.get(id);
    if (!grant) throw new Error(`The QuickBooks Online snapshot names a grant it does not hold (${id}).`);
    return grant;
  };
  for (const [token, { grantId, expiresAt }] of saved.accessTokens) state.oauth.accessTokens.set(token, { grant: grantOf(grantId), expiresAt });
  for (const [token, { grantId, expiresAt }] of saved.refreshTokens) state.oauth.refreshTokens.set(token, { grant: grantOf(grantId), expiresAt });
  return state;
}
