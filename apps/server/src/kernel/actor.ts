import { WRITABLE_SUBSCRIPTION_STATUSES, type AccountType, type FirmRole, type SubscriptionStatus } from '@herd/contract';
import type { Db } from '../db/client.js';
import { preparedPerDb } from '../db/prepared.js';
import { ReadOnlyError } from '../lib/errors.js';
import { sql } from 'drizzle-orm';

/** Who is acting: resolved once per request, passed first to every service. */
export interface Actor {
  userId: number;
  accountType: AccountType;
  firmId: number | null;
  firmRole: FirmRole | null;
  firmMemberId: number | null;
  /** Companies a client user belongs to; empty for accountant-side users. */
  clientCompanyIds: number[];
  /** Set when an accountant is looking at a client's dashboard as that client. */
  viewingAsClient: number | null;
  subscriptionStatus: SubscriptionStatus | null;
  readOnly: boolean;
}

/** A trial past its end date is expired even before a job has written that down. */
export const effectiveSubscriptionStatus = (sub: { status: SubscriptionStatus; trialEndsAt: Date | null } | null, now = new Date()): SubscriptionStatus | null => {
  if (!sub) return null;
  if (sub.status === 'TRIAL' && sub.trialEndsAt && sub.trialEndsAt < now) return 'TRIAL_EXPIRED';
  return sub.status;
};

interface ActorRow {
  user_id: number;
  account_type: AccountType;
  member_pk: number | null;
  member_firm_id: number | null;
  role: FirmRole | null;
  companies: number[] | null;
  client_firm_id: number | null;
  status: SubscriptionStatus | null;
  trial_ends_at: Date | string | null;
}

/** The actor's columns: the user, their firm membership or client companies, the firm's subscription. */
const ACTOR_SELECT = sql`
  select u.pk as user_id, u.account_type, fm.pk as member_pk, fm.firm_id as member_firm_id, fm.role,
    (select array_agg(m.client_company_id order by m.pk) from client_memberships m where m.user_id = u.pk) as companies,
    cf.firm_id as client_firm_id, s.status, s.trial_ends_at`;
const ACTOR_JOINS = sql`
  left join firm_members fm on fm.user_id = u.pk
  left join lateral (
    select c.firm_id from client_memberships m join client_companies c on c.pk = m.client_company_id
    where m.user_id = u.pk order by m.pk limit 1
  ) cf on fm.pk is null
  left join subscriptions s on s.firm_id = coalesce(fm.firm_id, cf.firm_id)`;

const toActor = (row: ActorRow): Actor => {
  const firmId = row.member_firm_id ?? row.client_firm_id ?? null;
  const status = row.status ? effectiveSubscriptionStatus({ status: row.status, trialEndsAt: row.trial_ends_at ? new Date(row.trial_ends_at) : null }) : null;
  return {
    userId: Number(row.user_id),
    accountType: row.account_type,
    firmId,
    firmRole: row.role,
    firmMemberId: row.member_pk,
    clientCompanyIds: row.member_pk === null ? (row.companies ?? []).map(Number) : [],
    viewingAsClient: null,
    subscriptionStatus: status,
    readOnly: status !== null && !WRITABLE_SUBSCRIPTION_STATUSES.includes(status),
  };
};

/** Everything the actor needs in one round trip: it runs on every authenticated request. */
export const resolveActor = async (db: Db, userId: number): Promise<Actor | null> => {
  const result = (await db.execute(sql`${ACTOR_SELECT} from users u ${ACTOR_JOINS} where u.pk = ${userId} and u.is_active`)) as {
    rows: ActorRow[];
  };
  return result.rows[0] ? toActor(result.rows[0]) : null;
};

/**
 * A live session and its user's actor together: the one query of an authenticated request. Live means before
 * its sliding expiry and within `absoluteMs` of its sign-in (checked here too, so no stored expiry can outlast it).
 */
/** The actor's columns for the prepared statement (the same as ACTOR_SELECT's), as the driver returns them. */
const actorFields = {
  user_id: sql<number>`u.pk`,
  account_type: sql<AccountType>`u.account_type`,
  member_pk: sql<number | null>`fm.pk`,
  member_firm_id: sql<number | null>`fm.firm_id`,
  role: sql<FirmRole | null>`fm.role`,
  companies: sql<number[] | null>`(select array_agg(m.client_company_id order by m.pk) from client_memberships m where m.user_id = u.pk)`,
  client_firm_id: sql<number | null>`cf.firm_id`,
  status: sql<SubscriptionStatus | null>`s.status`,
  trial_ends_at: sql<Date | string | null>`s.trial_ends_at`,
};

/** Prepared: it runs on every authenticated request, and planning its joins each time cost the database more than running them. */
const sessionActorStatement = preparedPerDb((db) =>
  db
    .select({
      ...actorFields,
      mfa_verified: sql<boolean>`ss.mfa_verified`,
      last_seen_at: sql<Date | string>`ss.last_seen_at`,
      session_created_at: sql<Date | string>`ss.created_at`,
    })
    .from(sql`sessions ss join users u on u.pk = ss.user_id and u.is_active ${ACTOR_JOINS}`)
    .where(sql`ss.token_hash = ${sql.placeholder('tokenHash')} and ss.expires_at > now() and ss.created_at > ${sql.placeholder('signedInAfter')}::timestamptz`)
    .prepare('herd_session_actor'),
);

export const resolveSessionActor = async (db: Db, tokenHash: string, absoluteMs: number) => {
  const signedInAfter = new Date(Date.now() - absoluteMs).toISOString();
  const [row] = await sessionActorStatement(db).execute({ tokenHash, signedInAfter });
  if (!row) return null;
  return { actor: toActor(row), mfaVerified: row.mfa_verified, lastSeenAt: new Date(row.last_seen_at), createdAt: new Date(row.session_created_at) };
};

/** Every mutation of a firm's data calls this first (billing, auth and profile are exempt). */
export const assertWritable = (actor: Actor): void => {
  if (actor.readOnly) throw new ReadOnlyError();
};
