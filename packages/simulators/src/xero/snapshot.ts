import { bytesFromText, bytesToText, checkSnapshot, type SnapshotHeader } from '../shared/snapshot-format.js';
import type { Entry as IdempotencyEntry } from './idempotency.js';
import type { Connection, Grant } from './oauth-store.js';
import { createXeroState, type XeroSimulatorOptions, type XeroState } from './state.js';
import type { OrgStore } from './store.js';
import type { XeroRecord } from './types.js';

const VERSION = 1;

/** An access token past its expiry is still told apart from an unknown one for a day ("TokenExpired"); older ones are dropped. */
const EXPIRED_TOKEN_KEPT_MS = 24 * 3600_000;

interface AttachmentSnapshot {
  AttachmentID: string;
  FileName: string;
  MimeType: string;
  IncludeOnline: boolean;
  bytes: string;
}

interface OrganisationSnapshot {
  tenantId: string;
  name: string;
  createdAt: number;
  /** Each endpoint's records in the order the organisation holds them. */
  tables: Record<string, XeroRecord[]>;
  /** By `<endpoint>/<id>`, as the store keys them. */
  attachments: Record<string, AttachmentSnapshot[]>;
}

/**
 * What a Xero simulator holds that outlives a restart: its organisations whole, where its id
 * sequence stands, the clock's offset, the consents with their live tokens and connections (so a
 * client's stored refresh token keeps working), and the answers kept for idempotency keys.
 * Not kept: consent codes (minutes long), throttles, injected faults, logs and webhooks under way.
 */
export interface XeroSnapshot extends SnapshotHeader<'xero'> {
  clockOffsetMs: number;
  apiIds: number;
  organisations: OrganisationSnapshot[];
  grants: Grant[];
  connections: Connection[];
  /** token → its grant's `authEventId` and expiry. */
  accessTokens: [string, { authEventId: string; expiresAt: number }][];
  refreshTokens: [string, { authEventId: string; expiresAt: number }][];
  idempotency: [string, IdempotencyEntry][];
}

const snapshotOrganisation = (org: OrgStore): OrganisationSnapshot => ({
  tenantId: org.tenantId,
  name: org.name,
  createdAt: org.createdAt,
  tables: Object.fromEntries([...org.tables].map(([endpoint, table]) => [endpoint, [...table.values()]])),
  attachments: Object.fromEntries([...org.attachments].map(([key, files]) => [key, files.map(({ bytes, ...file }) => ({ ...file, bytes: bytesToText(bytes) }))])),
});

export function snapshotXeroState(state: XeroState): XeroSnapshot {
  const now = state.clock.now();
  const grants = new Map<string, Grant>();
  const live = <T extends { grant: Grant; expiresAt: number }>(tokens: Map<string, T>, keep: (record: T) => boolean) =>
    [...tokens]
      .filter(([, record]) => !record.grant.revoked && keep(record))
      .map(([token, record]): [string, { authEventId: string; expiresAt: number }] => {
        grants.set(record.grant.authEventId, record.grant);
        return [token, { authEventId: record.grant.authEventId, expiresAt: record.expiresAt }];
      });
  // A spent or expired refresh token and a missing one get the same answer (invalid_grant), so only usable ones are kept.
  const refreshTokens = live(state.oauth.refreshTokens, (record) => !record.used && record.expiresAt > now);
  const accessTokens = live(state.oauth.accessTokens, (record) => record.expiresAt + EXPIRED_TOKEN_KEPT_MS > now);
  return {
    kind: 'xero',
    version: VERSION,
    clockOffsetMs: state.clock.offsetMs,
    apiIds: state.ids.position,
    organisations: [...state.orgs.values()].map(snapshotOrganisation),
    grants: [...grants.values()],
    connections: [...state.oauth.connections.values()],
    accessTokens,
    refreshTokens,
    idempotency: [...state.idempotency.entries],
  };
}

const restoreOrganisation = (state: XeroState, saved: OrganisationSnapshot) => {
  // Made as any organisation is (so its ids and webhooks are wired the same), then its seeded records replaced by the saved ones.
  const org = state.addOrganisation({ tenantId: saved.tenantId, name: saved.name, transactions: 0 }, saved.createdAt);
  org.tables.clear();
  for (const [endpoint, records] of Object.entries(saved.tables)) {
    const table = org.table(endpoint);
    for (const record of records) table.set(record.id, record);
  }
  for (const [key, files] of Object.entries(saved.attachments)) {
    org.attachments.set(
      key,
      files.map(({ bytes, ...file }) => ({ ...file, bytes: bytesFromText(bytes) })),
    );
  }
};

/** A simulator with `options` holding what the snapshot kept; throws on anything but a Xero snapshot of this layout. */
export function restoreXeroState(options: XeroSimulatorOptions, snapshot: unknown): XeroState {
  checkSnapshot(snapshot, 'xero', VERSION);
  const saved = snapshot as XeroSnapshot;
  const state = createXeroState(options);
  state.orgs.clear();
  state.clock.offsetMs = saved.clockOffsetMs;
  for (const org of saved.organisations) restoreOrganisation(state, org);
  state.ids.position = saved.apiIds;
  const grants = new Map(saved.grants.map((grant) => [grant.authEventId, grant]));
  const grantOf = (authEventId: string) => {
    const grant = grants.get(authEventId);
    if (!grant) throw new Error(`The Xero snapshot names a consent it does not hold (${authEventId}).`);
    return grant;
  };
  for (const [token, { authEventId, expiresAt }] of saved.accessTokens) state.oauth.accessTokens.set(token, { grant: grantOf(authEventId), expiresAt });
  for (const [token, { authEventId, expiresAt }] of saved.refreshTokens) state.oauth.refreshTokens.set(token, { grant: grantOf(authEventId), expiresAt, used: false });
  for (const connection of saved.connections) state.oauth.connections.set(connection.id, connection);
  for (const [key, entry] of saved.idempotency) state.idempotency.entries.set(key, entry);
  return state;
}
